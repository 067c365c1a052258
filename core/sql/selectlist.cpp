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

// The text of a column reference covering tokens [first, last): name or qualifier.name (quoted
// names without their quotes).
QString referenceText(const QList<SqlToken> &tokens, qsizetype first, qsizetype last)
{
    if (last - first == 1 && tokens.at(first).isIdentifier())
        return tokens.at(first).name;
    if (last - first == 3 && tokens.at(first).isIdentifier()
        && tokens.at(first + 1).kind == SqlTokenKind::Dot && tokens.at(first + 2).isIdentifier())
        return tokens.at(first).name + u'.' + tokens.at(first + 2).name;
    return {};
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
    int depth = 0;
    for (qsizetype i = first; i <= listEnd; ++i) {
        if (i < listEnd) {
            if (tokens.at(i).kind == SqlTokenKind::OpenParen)
                ++depth;
            else if (tokens.at(i).kind == SqlTokenKind::CloseParen)
                --depth;
            if (depth != 0 || tokens.at(i).kind != SqlTokenKind::Comma)
                continue;
        }
        qsizetype last = i;
        if (last - first >= 3 && tokens.at(last - 2).isWord(u"AS"))
            last -= 2;
        else if (last - first == 2 && name(last - 1) && name(last - 2)
                 && !tokens.at(last - 2).isWord(u"AS"))
            last -= 1; // column alias
        else if (last - first == 4 && name(last - 1)
                 && tokens.at(last - 3).kind == SqlTokenKind::Dot)
            last -= 1; // qualifier.column alias
        items.append({first, last, i});
        first = i + 1;
    }
    return items;
}

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
    const qsizetype listEnd = from >= 0 ? from : tokens.size();

    QSet<QString> grouped; // lower case, both "t.c" and "c"
    if (groupBy >= 0) {
        // The GROUP BY list, split as a select list is (its items have no alias).
        for (const SelectItem &item : items(tokens, groupBy - 1, groupEnd)) {
            const QString text = referenceText(tokens, item.first, item.end).toLower();
            if (text.isEmpty())
                continue;
            grouped.insert(text);
            grouped.insert(text.section(u'.', -1));
        }
    }
    QStringList result;
    for (const SelectItem &item : items(tokens, select, listEnd)) {
        if (std::any_of(tokens.cbegin() + item.first, tokens.cbegin() + item.last, isAggregate))
            continue;
        const QString reference = referenceText(tokens, item.first, item.last);
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
