#include "core/repair/clauseorder.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// A word that starts a clause this step does not order, or combines queries: a block that has one
// is left alone.
bool unknownClause(const QList<SqlToken> &tokens, qsizetype i)
{
    if (isSetOperatorAt(tokens, i))
        return true;
    for (const QStringView word :
         {u"WINDOW", u"QUALIFY", u"FETCH", u"INTO", u"FOR", u"LOCK", u"PREWHERE", u"SETTINGS",
          u"FORMAT", u"TOTALS", u"ARRAY", u"CONNECT", u"START", u"PIVOT", u"UNPIVOT", u"RETURNING",
          u"SELECT", u"VALUES"}) {
        if (tokens.at(i).isWord(word))
            return true;
    }
    return false;
}

// LEFT JOIN, LEFT OUTER JOIN, NATURAL LEFT JOIN: the words after the first continue its clause.
bool continuesJoin(const QList<SqlToken> &tokens, qsizetype i)
{
    if (i == 0)
        return false;
    for (const QStringView word :
         {u"LEFT", u"RIGHT", u"FULL", u"INNER", u"CROSS", u"NATURAL", u"OUTER"}) {
        if (tokens.at(i - 1).isWord(word))
            return true;
    }
    return false;
}

struct Clause
{
    int rank = 0;
    qsizetype first = -1; // its first token
    qsizetype last = -1;  // its last token
};

} // namespace

std::optional<Repair> ClauseOrder::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QString &sql = input.sql();
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return std::nullopt;
    // Comments are not among the scope's tokens: moving text around them could comment out a
    // clause.
    if (scope.hasComments)
        return std::nullopt;

    std::optional<Repair> repair;
    for (qsizetype select = 0; select < tokens.size(); ++select) {
        if (!tokens.at(select).isWord(u"SELECT"))
            continue;
        const int block = scope.blockOf.at(select);
        const int depth = scope.depthOf.at(select);
        const auto level = [&](qsizetype j) {
            return scope.blockOf.at(j) == block && scope.depthOf.at(j) == depth;
        };
        // The block runs to the parenthesis around it, or to the end; the tokens before it in the
        // same parentheses (a WITH list, a set operator's other query) are looked at too.
        qsizetype end = select + 1;
        while (end < tokens.size() && scope.depthOf.at(end) >= depth
               && tokens.at(end).kind != SqlTokenKind::Semicolon)
            ++end;
        QList<Clause> clauses;
        bool refused = false;
        for (qsizetype j = select + 1; j < end && !refused; ++j) {
            if (!level(j))
                continue;
            if (unknownClause(tokens, j)) {
                refused = true;
                break;
            }
            const int rank = QueryScope::clauseRank(tokens, j);
            // OFFSET belongs to the LIMIT before it; anywhere else its place is not known.
            if (tokens.at(j).isWord(u"OFFSET") && (clauses.isEmpty() || clauses.last().rank != 7)) {
                refused = true;
                break;
            }
            if (rank == 0 || (rank == 2 && continuesJoin(tokens, j))) {
                if (!clauses.isEmpty())
                    clauses.last().last = j;
                continue;
            }
            clauses.append({rank, j, j});
        }
        if (refused || clauses.isEmpty())
            continue;
        // A set operator before the block at its own depth makes it a member of a compound,
        // whose ORDER BY and LIMIT belong to the whole: left alone too.
        for (qsizetype j = select - 1; j >= 0 && scope.depthOf.at(j) >= depth; --j) {
            if (scope.depthOf.at(j) == depth && unknownClause(tokens, j)
                && !tokens.at(j).isWord(u"SELECT"))
                refused = true;
        }
        if (refused)
            continue;
        // The first clause after one with a later place: where the engine must have stopped.
        qsizetype misplaced = -1;
        int misplacedRank = 0;
        int before = 0; // the first clause it stands after and must come before
        for (qsizetype c = 1; c < clauses.size() && misplaced < 0; ++c) {
            for (qsizetype e = 0; e < c; ++e) {
                if (clauses.at(e).rank > clauses.at(c).rank) {
                    misplaced = clauses.at(c).first;
                    misplacedRank = clauses.at(c).rank;
                    before = clauses.at(e).rank;
                    break;
                }
            }
        }
        if (misplaced < 0)
            continue;
        if (repair || !input.stoppedAt(misplaced))
            return std::nullopt; // two blocks out of order, or the engine stopped elsewhere
        QList<int> seen;
        for (const Clause &clause : std::as_const(clauses)) {
            if (clause.rank != 2 && seen.contains(clause.rank))
                return std::nullopt;
            seen.append(clause.rank);
        }
        QList<Clause> ordered = clauses;
        std::stable_sort(ordered.begin(), ordered.end(),
                         [](const Clause &a, const Clause &b) { return a.rank < b.rank; });
        // A WHERE that moves before GROUP BY or HAVING with an aggregate in it was meant for
        // HAVING.
        const qsizetype groupAt = [&] {
            for (const Clause &clause : std::as_const(clauses)) {
                if (clause.rank == 4 || clause.rank == 5)
                    return clause.first;
            }
            return qsizetype(-1);
        }();
        for (const Clause &clause : std::as_const(clauses)) {
            if (clause.rank != 3 || groupAt < 0 || clause.first < groupAt)
                continue;
            for (qsizetype j = clause.first; j <= clause.last; ++j) {
                if (scope.blockOf.at(j) == block && isAggregateCall(tokens, j))
                    return std::nullopt;
            }
        }
        const auto text = [&](const Clause &clause) {
            return QStringView(sql)
                    .sliced(tokens.at(clause.first).offset,
                            tokens.at(clause.last).end() - tokens.at(clause.first).offset)
                    .toString();
        };
        QStringList parts;
        for (const Clause &clause : std::as_const(ordered))
            parts.append(text(clause));
        const qsizetype start = tokens.at(clauses.constFirst().first).offset;
        const qsizetype stopAt = tokens.at(clauses.constLast().last).end();
        QString result = sql;
        result.replace(start, stopAt - start, parts.join(u' '));
        repair = made(result,
                      u"%1 before %2"_s.arg(QueryScope::clauseName(misplacedRank),
                                            QueryScope::clauseName(before)));
    }
    return repair;
}

} // namespace sqlmend::core
