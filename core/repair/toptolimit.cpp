#include "core/repair/toptolimit.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> TopToLimit::propose(const RepairInput &input) const
{
    if (EngineRegistry::forEngine(input.engine()).hasSelectTop()
        || input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    // SELECT [DISTINCT|ALL] TOP n, with n a plain number, and the engine stopped right there.
    qsizetype top = 1;
    if (tokens.size() < 4 || !tokens.at(0).isWord(u"SELECT"))
        return std::nullopt;
    if (tokens.at(1).isWord(u"DISTINCT") || tokens.at(1).isWord(u"ALL"))
        top = 2;
    if (top + 2 >= tokens.size() || !tokens.at(top).isWord(u"TOP")
        || tokens.at(top + 1).kind != SqlTokenKind::Number)
        return std::nullopt;
    // At TOP, or at the number after it, read as TOP's alias (MySQL, MariaDB).
    if (!input.stoppedAt(top) && !input.stoppedAt(top + 1))
        return std::nullopt;
    const QString count = tokens.at(top + 1).text(input.sql()).toString();
    if (tokens.at(top + 2).isWord(u"PERCENT") || tokens.at(top + 2).isWord(u"WITH"))
        return std::nullopt;
    bool ok = false;
    count.toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    // One query, with no row limit of its own.
    for (qsizetype i = top + 2; i < tokens.size(); ++i) {
        if (scope.depthOf.at(i) != 0)
            continue;
        const SqlToken &token = tokens.at(i);
        if (token.isWord(u"LIMIT") || token.isWord(u"FETCH") || token.isWord(u"OFFSET")
            || isSetOperatorAt(tokens, i) || token.kind == SqlTokenKind::Semicolon)
            return std::nullopt;
    }
    QString sql = input.sql();
    const qsizetype from = tokens.at(top).offset;
    sql.remove(from, tokens.at(top + 1).end() - from);
    // No double space where TOP n was.
    if (from > 0 && from < sql.size() && sql.at(from).isSpace() && sql.at(from - 1).isSpace())
        sql.remove(from, 1);
    sql = repairtext::trimmedStatement(sql);
    return made(sql + u" LIMIT "_s + count, u"TOP %1 -> LIMIT %1"_s.arg(count));
}

} // namespace sqlmend::core
