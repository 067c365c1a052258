#include "core/sql/selectlist.h"

#include "core/sql/sqltokenizer.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isAggregate(const SqlToken &token)
{
    return token.kind == SqlTokenKind::Word && isAggregateName(token.name);
}

// The text of a column reference: name or qualifier.name (quoted names without their quotes).
QString referenceText(const QList<SqlToken> &item)
{
    if (item.size() == 1 && item.at(0).isIdentifier())
        return item.at(0).name;
    if (item.size() == 3 && item.at(0).isIdentifier() && item.at(1).kind == SqlTokenKind::Dot
        && item.at(2).isIdentifier())
        return item.at(0).name + u'.' + item.at(2).name;
    return {};
}

// Splits tokens[first, last) at commas of depth zero (relative).
QList<QList<SqlToken>> splitItems(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    QList<QList<SqlToken>> items(1);
    int depth = 0;
    for (qsizetype i = first; i < last; ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (token.kind == SqlTokenKind::CloseParen)
            --depth;
        if (depth == 0 && token.kind == SqlTokenKind::Comma) {
            items.append(QList<SqlToken>());
            continue;
        }
        items.last().append(token);
    }
    return items;
}

// An item without its alias: "x AS y" and "x y" become "x".
QList<SqlToken> withoutAlias(QList<SqlToken> item)
{
    if (item.size() >= 3 && item.at(item.size() - 2).isWord(u"as"))
        item.resize(item.size() - 2);
    else if (item.size() == 2 && item.at(0).isIdentifier() && item.at(1).isIdentifier())
        item.resize(1);
    else if (item.size() == 4 && item.at(1).kind == SqlTokenKind::Dot && item.at(3).isIdentifier())
        item.resize(3);
    return item;
}

} // namespace

QStringList SelectList::ungroupedColumns(QStringView sql, Engine engine)
{
    QList<SqlToken> tokens;
    for (const SqlToken &token : SqlTokenizer(engine).tokenize(sql)) {
        if (token.kind == SqlTokenKind::Error)
            return {};
        if (!token.isComment())
            tokens.append(token);
    }
    // The outermost SELECT: the first at depth zero (a WITH's queries sit in parentheses).
    int depth = 0;
    qsizetype select = -1;
    qsizetype from = -1;
    qsizetype groupBy = -1;
    qsizetype groupEnd = tokens.size();
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen) {
            ++depth;
            continue;
        }
        if (token.kind == SqlTokenKind::CloseParen) {
            --depth;
            continue;
        }
        if (depth != 0)
            continue;
        if (token.kind == SqlTokenKind::Semicolon) {
            groupEnd = qMin(groupEnd, i);
            break;
        }
        if (select < 0) {
            if (token.isWord(u"select"))
                select = i;
            continue;
        }
        if (from < 0 && token.isWord(u"from")) {
            from = i;
        } else if (groupBy < 0 && token.isWord(u"group") && i + 1 < tokens.size()
                   && tokens.at(i + 1).isWord(u"by")) {
            groupBy = i + 2;
        } else if (groupBy >= 0 && groupEnd == tokens.size()
                   && (token.isWord(u"having") || token.isWord(u"order") || token.isWord(u"limit")
                       || token.isWord(u"window") || isSetOperatorAt(tokens, i))) {
            groupEnd = i;
        } else if (groupBy < 0 && isSetOperatorAt(tokens, i)) {
            break; // a compound's first SELECT ends here; its list is the one that counts
        }
    }
    if (select < 0)
        return {};
    qsizetype listStart = select + 1;
    while (listStart < tokens.size()
           && (tokens.at(listStart).isWord(u"distinct") || tokens.at(listStart).isWord(u"all")))
        ++listStart;
    const qsizetype listEnd = from >= 0 ? from : tokens.size();

    QSet<QString> grouped; // lower case, both "t.c" and "c"
    if (groupBy >= 0) {
        for (const QList<SqlToken> &item : splitItems(tokens, groupBy, groupEnd)) {
            const QString text = referenceText(item).toLower();
            if (text.isEmpty())
                continue;
            grouped.insert(text);
            grouped.insert(text.section(u'.', -1));
        }
    }
    QStringList result;
    for (const QList<SqlToken> &item : splitItems(tokens, listStart, listEnd)) {
        const QList<SqlToken> expression = withoutAlias(item);
        const bool aggregated = std::any_of(expression.cbegin(), expression.cend(), isAggregate);
        if (aggregated)
            continue;
        const QString reference = referenceText(expression);
        if (reference.isEmpty() || result.contains(reference))
            continue;
        const QString lower = reference.toLower();
        if (grouped.contains(lower) || grouped.contains(lower.section(u'.', -1)))
            continue;
        result.append(reference);
    }
    return result;
}

} // namespace sqlmend::core
