#include "core/repair/quantifiedcomparison.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> QuantifiedComparison::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax
        || EngineRegistry::forEngine(input.engine()).hasQuantifiedComparison())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QString &sql = input.sql();
    for (qsizetype q = 1; q + 2 < tokens.size(); ++q) {
        const SqlToken &quantifier = tokens.at(q);
        const bool all = quantifier.isWord(u"ALL");
        if (!(all || quantifier.isWord(u"ANY") || quantifier.isWord(u"SOME"))
            || tokens.at(q - 1).kind != SqlTokenKind::Operator
            || tokens.at(q + 1).kind != SqlTokenKind::OpenParen
            || !tokens.at(q + 2).isWord(u"SELECT"))
            continue;
        if (!input.stoppedAt(q) && !input.stoppedAt(q + 2))
            continue;
        const QString op = tokens.at(q - 1).text(sql).toString();
        // The subquery: SELECT [DISTINCT] item FROM ..., up to its parenthesis, at its own depth.
        const qsizetype select = q + 2;
        // Its own level: the parentheses opened inside it are counted here.
        qsizetype close = select + 1;
        qsizetype from = -1;
        qsizetype first = select + 1;
        if (first < tokens.size()
            && (tokens.at(first).isWord(u"DISTINCT") || tokens.at(first).isWord(u"ALL")))
            ++first;
        for (int inner = 0; close < tokens.size(); ++close) {
            const SqlToken &t = tokens.at(close);
            if (t.kind == SqlTokenKind::OpenParen) {
                ++inner;
                continue;
            }
            if (t.kind == SqlTokenKind::CloseParen) {
                if (inner-- == 0)
                    break;
                continue;
            }
            if (inner != 0)
                continue;
            if (t.kind == SqlTokenKind::Comma && from < 0)
                return std::nullopt; // more than one item
            if (from < 0 && t.isWord(u"FROM"))
                from = close;
            const int rank = QueryScope::clauseRank(tokens, close);
            if (rank >= 4 || isSetOperatorAt(tokens, close) || t.isWord(u"WINDOW")
                || t.isWord(u"FETCH") || t.isWord(u"OFFSET") || t.kind == SqlTokenKind::Semicolon)
                return std::nullopt; // grouped, ordered, limited or compound
        }
        if (from < 0 || from == first || close >= tokens.size()
            || tokens.at(close).kind != SqlTokenKind::CloseParen)
            return std::nullopt;
        const QString subquery = sql.sliced(tokens.at(select).offset,
                                            tokens.at(close - 1).end() - tokens.at(select).offset);
        const QString written = u"%1 %2"_s.arg(op, quantifier.name.toUpper());
        QString replacement; // for the operator, the quantifier and the subquery
        QString change;
        if (!all && op == u"=") {
            replacement = u"IN (%1)"_s.arg(subquery);
            change = u"= %1 -> IN"_s.arg(quantifier.name.toUpper());
        } else if (all && (op == u"<>" || op == u"!=")) {
            replacement = u"NOT IN (%1)"_s.arg(subquery);
            change = u"%1 -> NOT IN"_s.arg(written);
        } else {
            // An order with ANY or ALL (> ALL: above the MAX, > ANY: above the MIN) is a
            // question's "any" read one way: which way is the model's guess, and advice.
            return std::nullopt;
        }
        const qsizetype start = tokens.at(q - 1).offset;
        return made(sql.left(start) + replacement + sql.mid(tokens.at(close).end()), change);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
