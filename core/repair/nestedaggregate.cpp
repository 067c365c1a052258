#include "core/repair/nestedaggregate.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

bool isAggregate(const SqlToken &token)
{
    for (const QStringView name : {u"COUNT", u"SUM", u"AVG", u"MIN", u"MAX"}) {
        if (token.isWord(name))
            return true;
    }
    return false;
}

// One SELECT AGG1(AGG2(...)) [AS a] FROM ... GROUP BY ... block, as token indexes.
struct NestedCall
{
    qsizetype select = -1;
    qsizetype outer = -1;    // AGG1
    qsizetype inner = -1;    // AGG2
    qsizetype innerEnd = -1; // the parenthesis closing AGG2
    qsizetype from = -1;
    qsizetype blockEnd = -1;   // one past the block's last token
    qsizetype aliasStart = -1; // AS a, or a, after AGG1(...)
};

std::optional<NestedCall> nestedCallAt(const QList<SqlToken> &tokens, qsizetype select)
{
    NestedCall call;
    call.select = select;
    call.outer = select + 1;
    if (call.outer + 3 >= tokens.size() || !isAggregate(tokens.at(call.outer))
        || tokens.at(call.outer + 1).kind != SqlTokenKind::OpenParen
        || !isAggregate(tokens.at(call.outer + 2))
        || tokens.at(call.outer + 3).kind != SqlTokenKind::OpenParen)
        return std::nullopt;
    call.inner = call.outer + 2;
    call.innerEnd = closingParen(tokens, call.inner + 1);
    if (call.innerEnd < 0 || call.innerEnd + 1 >= tokens.size()
        || tokens.at(call.innerEnd + 1).kind != SqlTokenKind::CloseParen)
        return std::nullopt;
    qsizetype at = call.innerEnd + 2;
    if (at < tokens.size() && !tokens.at(at).isWord(u"FROM")) {
        call.aliasStart = at;
        if (tokens.at(at).isWord(u"AS"))
            ++at;
        if (at >= tokens.size() || !tokens.at(at).isIdentifier())
            return std::nullopt;
        ++at;
    }
    if (at >= tokens.size() || !tokens.at(at).isWord(u"FROM"))
        return std::nullopt;
    call.from = at;
    // The rest of the block, at its own depth: it must group, and nothing may order, limit or
    // combine its one row per group.
    int depth = 0;
    bool grouped = false;
    for (at = call.from + 1; at < tokens.size(); ++at) {
        const SqlToken &token = tokens.at(at);
        if (token.kind == SqlTokenKind::OpenParen) {
            ++depth;
            continue;
        }
        if (token.kind == SqlTokenKind::CloseParen) {
            if (--depth < 0)
                break;
            continue;
        }
        if (depth > 0)
            continue;
        if (token.kind == SqlTokenKind::Semicolon)
            break;
        if (token.isWord(u"GROUP"))
            grouped = true;
        if (isSetOperatorAt(tokens, at))
            return std::nullopt;
        for (const QStringView word :
             {u"ORDER", u"LIMIT", u"OFFSET", u"FETCH", u"WINDOW", u"SELECT"}) {
            if (token.isWord(word))
                return std::nullopt;
        }
    }
    if (!grouped)
        return std::nullopt;
    call.blockEnd = at;
    return call;
}

} // namespace

std::optional<Repair> NestedAggregate::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::GroupBy)
        return std::nullopt;
    const QString &sql = input.sql();
    const QList<SqlToken> &tokens = input.scope().tokens;
    QList<NestedCall> calls;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(u"SELECT"))
            continue;
        if (const std::optional<NestedCall> call = nestedCallAt(tokens, i))
            calls.append(*call);
    }
    // A block with another inside it is left for a later step: the rewrites below read the
    // statement's own offsets, which the inner block's rewrite would move.
    const QList<NestedCall> found = calls;
    calls.removeIf([&found](const NestedCall &call) {
        return std::any_of(found.cbegin(), found.cend(), [&call](const NestedCall &other) {
            return other.select > call.select && other.select < call.blockEnd;
        });
    });
    if (calls.isEmpty())
        return std::nullopt;
    const auto text = [&](qsizetype first, qsizetype last) { // tokens [first, last]
        return QStringView(sql).sliced(tokens.at(first).offset,
                                       tokens.at(last).end() - tokens.at(first).offset);
    };
    QString result = sql;
    QStringList changes;
    for (auto it = calls.crbegin(); it != calls.crend(); ++it) {
        const NestedCall &call = *it;
        const QString alias = call.aliasStart >= 0
                ? u" "_s + text(call.aliasStart, call.from - 1).toString()
                : QString();
        const QString outer = text(call.outer, call.outer).toString();
        const QString inner = text(call.inner, call.innerEnd).toString();
        const QString rest = text(call.from, call.blockEnd - 1).toString();
        const QString rewritten =
                u"SELECT %1(nested_value)%2 FROM (SELECT %3 AS nested_value %4) AS nested_groups"_s
                        .arg(outer, alias, inner, rest);
        const qsizetype start = tokens.at(call.select).offset;
        result.replace(start, tokens.at(call.blockEnd - 1).end() - start, rewritten);
        changes.prepend(u"%1(%2) over the groups"_s.arg(outer, inner));
    }
    return made(result, changes.join(u"; "_s));
}

} // namespace sqlmend::core
