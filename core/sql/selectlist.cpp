#include "core/sql/selectlist.h"

#include "core/sql/outerclauses.h"
#include "core/sql/sqltokenizer.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isAggregate(const SqlToken &token)
{
    return token.kind == SqlTokenKind::Word && isAggregateName(token.name);
}

// The text of a column reference covering tokens [first, last): name or qualifier.name (quoted
// names without their quotes).
QString referenceText(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    if (!SelectList::isColumnReference(tokens, first, last))
        return {};
    return last - first == 1 ? tokens.at(first).name
                             : tokens.at(first).name + u'.' + tokens.at(first + 2).name;
}

// The items of a comma-separated list over tokens [first, end): each item's first token and
// the comma after it (end for the last), the commas inside parentheses left alone.
QList<std::pair<qsizetype, qsizetype>> commaItems(const QList<SqlToken> &tokens, qsizetype first,
                                                  qsizetype end)
{
    QList<std::pair<qsizetype, qsizetype>> found;
    int depth = 0;
    for (qsizetype i = first; i <= end; ++i) {
        if (i < end) {
            if (tokens.at(i).kind == SqlTokenKind::OpenParen)
                ++depth;
            else if (tokens.at(i).kind == SqlTokenKind::CloseParen)
                --depth;
            if (depth != 0 || tokens.at(i).kind != SqlTokenKind::Comma)
                continue;
        }
        found.append({first, i});
        first = i + 1;
    }
    return found;
}

} // namespace

QList<SelectItem> SelectList::items(const QList<SqlToken> &tokens, qsizetype select,
                                    qsizetype listEnd)
{
    QList<SelectItem> items;
    listEnd = qMin(listEnd, tokens.size());
    qsizetype first = select + 1;
    while (first < listEnd
           && (tokens.at(first).isWord(u"DISTINCT") || tokens.at(first).isWord(u"ALL")))
        ++first;
    const auto name = [&](qsizetype i) { return tokens.at(i).isIdentifier(); };
    for (const auto &[start, i] : commaItems(tokens, first, listEnd)) {
        qsizetype last = i;
        if (last - start >= 3 && tokens.at(last - 2).isWord(u"AS"))
            last -= 2;
        else if (last - start == 2 && name(last - 1) && name(last - 2)
                 && !tokens.at(last - 2).isWord(u"AS"))
            last -= 1; // column alias
        else if (last - start == 4 && name(last - 1)
                 && tokens.at(last - 3).kind == SqlTokenKind::Dot)
            last -= 1; // qualifier.column alias
        items.append({start, last, i});
    }
    return items;
}

bool SelectList::isColumnReference(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    if (first < 0 || last > tokens.size())
        return false;
    if (last - first == 1)
        return tokens.at(first).isIdentifier();
    return last - first == 3 && tokens.at(first).isIdentifier()
            && tokens.at(first + 1).kind == SqlTokenKind::Dot
            && tokens.at(first + 2).isIdentifier();
}

QList<OrderKey> SelectList::orderKeys(const QList<SqlToken> &tokens, qsizetype keys,
                                      qsizetype keysEnd)
{
    QList<OrderKey> found;
    keysEnd = qMin(keysEnd, tokens.size());
    const auto word = [&](qsizetype i, QStringView keyword) {
        return i >= 0 && i < tokens.size() && tokens.at(i).isWord(keyword);
    };
    for (const auto &[start, i] : commaItems(tokens, keys, keysEnd)) {
        qsizetype last = i;
        if (word(last - 2, u"NULLS") && last - 2 > start)
            last -= 2;
        if ((word(last - 1, u"ASC") || word(last - 1, u"DESC")) && last - 1 > start)
            last -= 1;
        if (word(last - 2, u"COLLATE") && last - 2 > start)
            last -= 2;
        found.append({start, last, i});
    }
    return found;
}

qsizetype SelectList::itemNamedBy(const QList<SqlToken> &tokens, QStringView sql,
                                  const QList<SelectItem> &items, const OrderKey &key)
{
    const qsizetype length = key.last - key.first;
    if (length == 1 && tokens.at(key.first).kind == SqlTokenKind::Number) {
        bool ok = false;
        const int place = tokens.at(key.first).text(sql).toInt(&ok);
        return ok && place >= 1 && place <= items.size() ? place - 1 : -1;
    }
    const auto sameTokens = [&](qsizetype a, qsizetype b, qsizetype count) {
        for (qsizetype k = 0; k < count; ++k) {
            if (tokens.at(a + k).kind != tokens.at(b + k).kind
                || tokens.at(a + k).text(sql).compare(tokens.at(b + k).text(sql),
                                                      Qt::CaseInsensitive)
                        != 0)
                return false;
        }
        return true;
    };
    for (qsizetype k = 0; k < items.size(); ++k) {
        const SelectItem &item = items.at(k);
        if (item.last - item.first == length && length > 0
            && sameTokens(key.first, item.first, length))
            return k;
        const qsizetype alias = item.last < item.end && tokens.at(item.last).isWord(u"AS")
                ? item.last + 1
                : item.last;
        if (length == 1 && alias < item.end && tokens.at(key.first).isIdentifier()
            && tokens.at(key.first).name.compare(tokens.at(alias).name, Qt::CaseInsensitive) == 0)
            return k;
    }
    return -1;
}

QStringList SelectList::ungroupedColumns(QStringView sql, Engine engine)
{
    // The first statement's tokens, without comments.
    QList<SqlToken> tokens;
    for (const SqlToken &token : SqlTokenizer(engine).tokenize(sql)) {
        if (token.kind == SqlTokenKind::Error)
            return {};
        if (token.kind == SqlTokenKind::Semicolon)
            break;
        if (!token.isComment())
            tokens.append(token);
    }
    QStringList result;
    for (const SelectItem &item : ungroupedItems(tokens, sql)) {
        const QString reference = referenceText(tokens, item.first, item.last);
        if (!result.contains(reference))
            result.append(reference);
    }
    return result;
}

QList<SelectItem> SelectList::ungroupedItems(const QList<SqlToken> &tokens, QStringView sql)
{
    const OuterClauses clauses = OuterClauses::read(tokens);
    if (clauses.list < 0)
        return {};
    const qsizetype select = clauses.list;
    const qsizetype listEnd = clauses.from > select ? clauses.from : tokens.size();
    const QList<SelectItem> list = items(tokens, select, listEnd);

    QSet<QString> grouped; // lower case: "t.c" and "c", or an output alias
    QSet<qsizetype> groupedPlaces;
    if (clauses.groupKeys >= 0) {
        // The GROUP BY list, split as a select list is (its items have no alias).
        for (const SelectItem &key : items(tokens, clauses.groupKeys - 1, clauses.groupKeysEnd)) {
            if (key.end - key.first == 1 && tokens.at(key.first).kind == SqlTokenKind::Number) {
                bool number = false;
                const qsizetype place = tokens.at(key.first).text(sql).toLongLong(&number);
                if (number && place >= 1 && place <= list.size())
                    groupedPlaces.insert(place - 1);
                continue;
            }
            const QString text = referenceText(tokens, key.first, key.end).toLower();
            if (text.isEmpty())
                continue;
            grouped.insert(text);
            grouped.insert(text.section(u'.', -1));
        }
    }
    QList<SelectItem> result;
    for (qsizetype k = 0; k < list.size(); ++k) {
        const SelectItem &item = list.at(k);
        if (std::any_of(tokens.cbegin() + item.first, tokens.cbegin() + item.last, isAggregate))
            continue;
        const QString reference = referenceText(tokens, item.first, item.last).toLower();
        if (reference.isEmpty() || groupedPlaces.contains(k))
            continue;
        if (grouped.contains(reference) || grouped.contains(reference.section(u'.', -1)))
            continue;
        // Its alias, the last token after the expression (AS alias, or a bare alias).
        if (item.end > item.last && grouped.contains(tokens.at(item.end - 1).name.toLower()))
            continue;
        result.append(item);
    }
    return result;
}

} // namespace sqlmend::core
