#include "core/repair/fetchfirsttolimit.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The plain whole number at i, or none.
std::optional<qlonglong> count(const QList<SqlToken> &tokens, qsizetype i, QStringView sql)
{
    if (i >= tokens.size() || tokens.at(i).kind != SqlTokenKind::Number)
        return std::nullopt;
    bool ok = false;
    const qlonglong value = tokens.at(i).text(sql).toLongLong(&ok);
    return ok && value >= 0 ? std::optional<qlonglong>(value) : std::nullopt;
}

} // namespace

std::optional<Repair> FetchFirstToLimit::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax
        || !EngineRegistry::forEngine(input.engine())
                    .rowLimitClause(1)
                    .startsWith(u"LIMIT", Qt::CaseInsensitive))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QString &sql = input.sql();
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    // The statement's one FETCH at its outer level, and nothing that limits rows otherwise.
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (scope.depthOf.at(i) == 0
            && (token.isWord(u"LIMIT") || token.isWord(u"TOP") || isSetOperatorAt(tokens, i)))
            return std::nullopt;
    }
    const QList<QueryScope::FetchClause> clauses = scope.fetchClauses();
    if (clauses.size() != 1 || clauses.constFirst().only < 0)
        return std::nullopt;
    const QueryScope::FetchClause &clause = clauses.constFirst();
    const qsizetype fetch = clause.fetch;
    const qsizetype from = clause.start;
    const qsizetype only = clause.only;
    // Then nothing but a semicolon.
    for (qsizetype i = only + 1; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Semicolon)
            return std::nullopt;
    }
    qlonglong rows = 1;
    if (clause.rows >= 0) {
        const auto n = count(tokens, clause.rows, sql);
        if (!n)
            return std::nullopt;
        rows = *n;
    }
    std::optional<qlonglong> offset;
    if (clause.offset >= 0) {
        offset = count(tokens, clause.offset, sql);
        if (!offset)
            return std::nullopt;
    }
    for (qsizetype i = 0; i < from; ++i) {
        if (scope.depthOf.at(i) == 0 && tokens.at(i).isWord(u"OFFSET"))
            return std::nullopt; // an OFFSET elsewhere: not the form read here
    }
    // Where the engine stopped: at FETCH, at the word after it, or at the OFFSET before it.
    if (!input.stoppedAt(fetch) && !input.stoppedAt(fetch + 1) && !input.stoppedAt(from))
        return std::nullopt;
    const QString limit =
            offset ? u"LIMIT %1 OFFSET %2"_s.arg(rows).arg(*offset) : u"LIMIT %1"_s.arg(rows);
    QString result = sql;
    result.replace(tokens.at(from).offset, tokens.at(only).end() - tokens.at(from).offset, limit);
    return made(repairtext::trimmedStatement(result),
                u"%1 -> %2"_s.arg(QStringView(sql)
                                          .sliced(tokens.at(from).offset,
                                                  tokens.at(only).end() - tokens.at(from).offset)
                                          .toString()
                                          .simplified(),
                                  limit));
}

} // namespace sqlmend::core
