#include "ui/sqldiff.h"

#include "core/sql/sqltokenizer.h"

#include <algorithm>
#include <vector>

namespace sqlmend::ui {

namespace {

struct Token
{
    QStringView text;
    qsizetype offset = 0;
    core::SqlTokenKind kind = core::SqlTokenKind::Error;
};

QList<Token> tokensOf(QStringView sql)
{
    // The tokenizer never fails and keeps quoted text whole, so a change inside a string literal
    // marks the literal, not half a word of it.
    const core::SqlTokenizer tokenizer(core::Engine::Unknown);
    QList<Token> tokens;
    for (const core::SqlToken &token : tokenizer.tokenize(sql))
        tokens.append({token.text(sql), token.offset, token.kind});
    return tokens;
}

void mark(QList<SqlDiff::Range> &ranges, QStringList &texts, const Token &token)
{
    // Adjacent tokens join into one range, so "a.b" changed reads as one mark.
    if (!ranges.isEmpty() && ranges.last().offset + ranges.last().length == token.offset)
        ranges.last().length += token.text.size();
    else
        ranges.append({token.offset, token.text.size()});
    texts.append(token.text.toString());
}

bool isSeparator(const Token &token)
{
    return token.kind == core::SqlTokenKind::Comma || token.kind == core::SqlTokenKind::Semicolon;
}

// Widens [first, last] to whole bracket pairs: "CAST(" and "AS REAL)" both read as
// "CAST(price AS REAL)", and a call's name comes with its opening bracket.
void widenToBrackets(const QList<Token> &tokens, qsizetype &first, qsizetype &last)
{
    int open = 0;   // brackets opened in the fragment and not closed in it
    int closed = 0; // brackets closed in the fragment that opened before it
    for (qsizetype t = first; t <= last; ++t) {
        if (tokens.at(t).kind == core::SqlTokenKind::OpenParen)
            ++open;
        else if (tokens.at(t).kind == core::SqlTokenKind::CloseParen && open > 0)
            --open;
        else if (tokens.at(t).kind == core::SqlTokenKind::CloseParen)
            ++closed;
    }
    while (open > 0 && last + 1 < tokens.size()) {
        ++last;
        if (tokens.at(last).kind == core::SqlTokenKind::OpenParen)
            ++open;
        else if (tokens.at(last).kind == core::SqlTokenKind::CloseParen)
            --open;
    }
    while (closed > 0 && first > 0) {
        --first;
        if (tokens.at(first).kind == core::SqlTokenKind::CloseParen)
            ++closed;
        else if (tokens.at(first).kind == core::SqlTokenKind::OpenParen)
            --closed;
    }
    if (first > 0 && tokens.at(first).kind == core::SqlTokenKind::OpenParen
        && tokens.at(first - 1).kind == core::SqlTokenKind::Word)
        --first;
}

// Turns the indexes of changed tokens into fragments: consecutive indexes are one fragment,
// and fragments that overlap once widened are one.
QStringList fragmentsOf(const QList<Token> &tokens, const QList<qsizetype> &changed)
{
    QList<std::pair<qsizetype, qsizetype>> spans;
    qsizetype i = 0;
    while (i < changed.size()) {
        qsizetype end = i + 1;
        while (end < changed.size() && changed.at(end) == changed.at(end - 1) + 1)
            ++end;
        qsizetype first = changed.at(i);
        qsizetype last = changed.at(end - 1);
        // ", u.username" reads as the column it adds; a lone "," stays a ",".
        while (first < last && isSeparator(tokens.at(first)))
            ++first;
        while (last > first && isSeparator(tokens.at(last)))
            --last;
        widenToBrackets(tokens, first, last);
        spans.append({first, last});
        i = end;
    }
    std::sort(spans.begin(), spans.end());
    QList<std::pair<qsizetype, qsizetype>> merged;
    for (const auto &span : std::as_const(spans)) {
        if (!merged.isEmpty() && span.first <= merged.last().second)
            merged.last().second = std::max(merged.last().second, span.second);
        else
            merged.append(span);
    }
    QStringList fragments;
    for (const auto &[first, last] : std::as_const(merged)) {
        QString text;
        for (qsizetype t = first; t <= last; ++t) {
            const Token &token = tokens.at(t);
            if (t > first) {
                const Token &before = tokens.at(t - 1);
                if (before.offset + before.text.size() < token.offset)
                    text += u' ';
            }
            text += token.text;
        }
        if (!fragments.contains(text))
            fragments.append(text);
    }
    return fragments;
}

} // namespace

SqlDiff SqlDiff::compare(QStringView before, QStringView after)
{
    const QList<Token> a = tokensOf(before);
    const QList<Token> b = tokensOf(after);
    SqlDiff diff;

    qsizetype head = 0;
    while (head < a.size() && head < b.size() && a.at(head).text == b.at(head).text)
        ++head;
    qsizetype tail = 0;
    while (tail < a.size() - head && tail < b.size() - head
           && a.at(a.size() - 1 - tail).text == b.at(b.size() - 1 - tail).text)
        ++tail;
    const qsizetype n = a.size() - head - tail;
    const qsizetype m = b.size() - head - tail;

    QList<qsizetype> addedIndexes;
    QList<qsizetype> removedIndexes;
    const auto finish = [&] {
        diff.addedFragments = fragmentsOf(b, addedIndexes);
        diff.removedFragments = fragmentsOf(a, removedIndexes);
        return diff;
    };
    if (n > 0 && m > 0 && n * m > maxCells) {
        diff.coarse = true;
        for (qsizetype i = 0; i < n; ++i) {
            mark(diff.removed, diff.removedTokens, a.at(head + i));
            removedIndexes.append(head + i);
        }
        for (qsizetype j = 0; j < m; ++j) {
            mark(diff.added, diff.addedTokens, b.at(head + j));
            addedIndexes.append(head + j);
        }
        return finish();
    }

    // Longest common subsequence of the changed middles; lcs[i][j] covers a[i..n) and b[j..m).
    std::vector<quint32> lcs(size_t((n + 1) * (m + 1)), 0);
    auto at = [&](qsizetype i, qsizetype j) -> quint32 & { return lcs[size_t(i * (m + 1) + j)]; };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j) {
            at(i, j) = a.at(head + i).text == b.at(head + j).text
                    ? at(i + 1, j + 1) + 1
                    : std::max(at(i + 1, j), at(i, j + 1));
        }
    }
    qsizetype i = 0;
    qsizetype j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a.at(head + i).text == b.at(head + j).text) {
            ++i;
            ++j;
        } else if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j))) {
            mark(diff.added, diff.addedTokens, b.at(head + j));
            addedIndexes.append(head + j);
            ++j;
        } else {
            mark(diff.removed, diff.removedTokens, a.at(head + i));
            removedIndexes.append(head + i);
            ++i;
        }
    }
    return finish();
}

} // namespace sqlmend::ui
