#include "core/repair/quantifiedcomparison.h"

#include "core/engines/engineregistry.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The comparison at op stands as a conjunct of its block's WHERE, which has no OR at its own
// depth, with nothing before it in its conjunct that reads its truth (NOT, CASE ... WHEN, IS): a
// NULL there keeps no row, as FALSE does.
bool whereConjunct(const QueryScope &scope, qsizetype op)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const int depth = scope.depthOf.at(op);
    const int block = scope.blockOf.at(op);
    const auto level = [&](qsizetype j) {
        return scope.depthOf.at(j) == depth && scope.blockOf.at(j) == block;
    };
    qsizetype where = -1;
    qsizetype conjunct = -1; // the WHERE or AND its conjunct starts after
    for (qsizetype j = op - 1; j >= 0 && scope.depthOf.at(j) >= depth; --j) {
        if (!level(j))
            continue;
        if (conjunct < 0 && tokens.at(j).isWord(u"AND"))
            conjunct = j;
        if (tokens.at(j).isWord(u"WHERE")) {
            where = j;
            break;
        }
        if (QueryScope::clauseRank(tokens, j) > 0 || tokens.at(j).isWord(u"SELECT"))
            return false;
    }
    if (where < 0)
        return false;
    for (qsizetype j = (conjunct < 0 ? where : conjunct) + 1; j < op; ++j) {
        if (level(j)
            && (tokens.at(j).isWord(u"NOT") || tokens.at(j).isWord(u"CASE")
                || tokens.at(j).isWord(u"WHEN") || tokens.at(j).isWord(u"IS")))
            return false;
    }
    for (qsizetype j = where + 1; j < tokens.size() && scope.depthOf.at(j) >= depth; ++j) {
        if (!level(j))
            continue;
        if (QueryScope::clauseRank(tokens, j) > 0 || isSetOperatorAt(tokens, j))
            break;
        if (tokens.at(j).isWord(u"OR"))
            return false;
    }
    return true;
}

// Every column the tokens [first, last] read belongs to a source declared among them.
bool readsNothingOutside(const QueryScope &scope, const SchemaNames &schema, qsizetype first,
                         qsizetype last)
{
    const auto inside = [&](const QueryScope::Source &source) {
        return source.token >= first && source.token <= last;
    };
    for (const QueryScope::Reference &reference : scope.references) {
        if (reference.token < first || reference.token > last)
            continue;
        bool own = false;
        for (const QueryScope::Source &source : scope.sources) {
            if (!inside(source))
                continue;
            if (!reference.qualifier.isEmpty()) {
                own = own || reference.qualifier.compare(source.alias, Qt::CaseInsensitive) == 0;
                continue;
            }
            const SchemaNames::Table *table =
                    source.derived ? nullptr : schema.findTable(source.table);
            if (!table)
                return false; // its columns are not known
            own = own || table->hasColumn(reference.column);
        }
        if (!own)
            return false;
    }
    return true;
}

} // namespace

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
        const QString item = sql.sliced(tokens.at(first).offset,
                                        tokens.at(from - 1).end() - tokens.at(first).offset);
        const QString rest = sql.sliced(tokens.at(from).offset,
                                        tokens.at(close - 1).end() - tokens.at(from).offset);
        const QString subquery = sql.sliced(tokens.at(select).offset,
                                            tokens.at(close - 1).end() - tokens.at(select).offset);
        const bool below = op == u"<" || op == u"<=";
        const bool above = op == u">" || op == u">=";
        const QString written = u"%1 %2"_s.arg(op, quantifier.name.toUpper());
        QString replacement; // for the operator, the quantifier and the subquery
        QString change;
        if (!all && op == u"=") {
            replacement = u"IN (%1)"_s.arg(subquery);
            change = u"= %1 -> IN"_s.arg(quantifier.name.toUpper());
        } else if (all && (op == u"<>" || op == u"!=")) {
            replacement = u"NOT IN (%1)"_s.arg(subquery);
            change = u"%1 -> NOT IN"_s.arg(written);
        } else if (!all && (below || above) && whereConjunct(scope, q - 1)) {
            const QString extreme = below ? u"MAX"_s : u"MIN"_s;
            replacement = u"%1 (SELECT %2(%3) %4)"_s.arg(op, extreme, item, rest);
            change = u"%1 (SELECT %2 ...) -> %3 (SELECT %4(%2) ...)"_s.arg(written, item, op,
                                                                           extreme);
        } else if (all && (below || above) && whereConjunct(scope, q - 1) && input.schema()
                   && readsNothingOutside(scope, *input.schema(), select, close)) {
            const QString extreme = above ? u"MAX"_s : u"MIN"_s;
            replacement = u"%1 (SELECT CASE WHEN COUNT(%2) = COUNT(*) THEN %3(%2) END %4)"_s.arg(
                    op, item, extreme, rest);
            change = u"%1 (SELECT %2 ...) -> %3 (SELECT %4(%2) ..., none where a value is NULL)"_s
                             .arg(written, item, op, extreme);
        } else {
            return std::nullopt;
        }
        const qsizetype start = tokens.at(q - 1).offset;
        return made(sql.left(start) + replacement + sql.mid(tokens.at(close).end()), change);
    }
    return std::nullopt;
}

} // namespace sqlmend::core
