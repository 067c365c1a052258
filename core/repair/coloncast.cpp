#include "core/repair/coloncast.h"

#include "core/engines/engineregistry.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The table a column reference reads, by the schema: its qualifier's table, or for a bare name
// the one table of the innermost query block around it that has the column. Null where that is
// not known for certain (a subquery's or CTE's columns, a table the schema lacks, two tables).
const SchemaNames::Table *tableOf(const QueryScope &scope, const QueryScope::Reference &reference,
                                  const SchemaNames &schema)
{
    if (!reference.qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(reference.qualifier, reference.block);
        const SchemaNames::Table *table =
                source && !source->derived ? schema.findTable(source->table) : nullptr;
        return table && table->hasColumn(reference.column) ? table : nullptr;
    }
    if (scope.isOutputAlias(reference.column))
        return nullptr;
    QList<int> seen;
    for (int block = reference.block; block >= 0 && !seen.contains(block);
         block = block < scope.parentOf.size() ? scope.parentOf.at(block) : -1) {
        seen.append(block);
        const SchemaNames::Table *found = nullptr;
        for (const QueryScope::Source &source : scope.sources) {
            if (source.block != block)
                continue;
            const SchemaNames::Table *table =
                    source.derived ? nullptr : schema.findTable(source.table);
            if (!table)
                return nullptr;
            if (!table->hasColumn(reference.column))
                continue;
            if (found && found != table)
                return nullptr;
            found = table;
        }
        if (found)
            return found;
    }
    return nullptr;
}

// An integer written in digits, with no point or exponent.
bool isIntegerText(QStringView text)
{
    if (text.startsWith(u'-') || text.startsWith(u'+'))
        text = text.sliced(1);
    return !text.isEmpty()
            && std::all_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
}

} // namespace

std::optional<Repair> ColonCast::propose(const RepairInput &input) const
{
    const SqlEngine &engine = EngineRegistry::forEngine(input.engine());
    if (engine.hasDoubleColonCast() || input.errorClass() != ErrorClass::Syntax || !input.schema())
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QString &sql = input.sql();

    struct Edit
    {
        qsizetype operandStart;
        qsizetype castStart; // where :: begins
        qsizetype typeEnd;
        QString type;
    };
    QList<Edit> edits;
    QStringList changes;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (tokens.at(i).kind != SqlTokenKind::Operator || tokens.at(i).text(sql) != u"::")
            continue;
        if (i == 0 || i + 1 >= tokens.size() || tokens.at(i + 1).kind != SqlTokenKind::Word)
            return std::nullopt;
        // The type: one word, or character varying; no length, array or further cast after it.
        QString type = tokens.at(i + 1).text(sql).toString().toLower();
        qsizetype last = i + 1;
        if (type == u"character" && last + 1 < tokens.size()
            && tokens.at(last + 1).isWord(u"varying")) {
            type = u"character varying"_s;
            ++last;
        }
        if (last + 1 < tokens.size()) {
            const SqlToken &after = tokens.at(last + 1);
            if (after.kind == SqlTokenKind::OpenParen || after.kind == SqlTokenKind::Dot
                || after.text(sql) == u"[" || after.text(sql) == u"::")
                return std::nullopt;
        }
        // The operand: a column the schema knows, or a literal. Anything else (a call, a
        // parenthesised expression, another cast) may hold a value the casts treat apart.
        const SqlToken &operand = tokens.at(i - 1);
        QString declared;
        qsizetype operandStart = operand.offset;
        if (operand.kind == SqlTokenKind::String) {
            declared = u"TEXT"_s;
        } else if (operand.kind == SqlTokenKind::Number) {
            if (!isIntegerText(operand.text(sql)))
                return std::nullopt;
            declared = u"INTEGER"_s;
        } else {
            const auto reference =
                    std::find_if(scope.references.cbegin(), scope.references.cend(),
                                 [i](const QueryScope::Reference &r) { return r.token == i - 1; });
            if (reference == scope.references.cend())
                return std::nullopt;
            const SchemaNames::Table *table = tableOf(scope, *reference, *input.schema());
            if (!table)
                return std::nullopt;
            declared = table->columnType(reference->column);
            if (!reference->qualifier.isEmpty()) {
                // qualifier.column; schema.table.column is not read.
                if (i < 3 || (i >= 4 && tokens.at(i - 4).kind == SqlTokenKind::Dot))
                    return std::nullopt;
                operandStart = tokens.at(i - 3).offset;
            }
        }
        const QString target = engine.colonCastType(type, declared);
        if (target.isEmpty())
            return std::nullopt;
        edits.append({operandStart, tokens.at(i).offset, tokens.at(last).end(), target});
        changes.append(u"%1 -> CAST(%2 AS %3)"_s.arg(
                sql.sliced(operandStart, tokens.at(last).end() - operandStart),
                sql.sliced(operandStart, tokens.at(i).offset - operandStart).trimmed(), target));
    }
    if (edits.isEmpty())
        return std::nullopt;
    QString repaired = sql;
    for (auto edit = edits.crbegin(); edit != edits.crend(); ++edit) {
        const QString operand =
                repaired.sliced(edit->operandStart, edit->castStart - edit->operandStart).trimmed();
        repaired.replace(edit->operandStart, edit->typeEnd - edit->operandStart,
                         u"CAST(%1 AS %2)"_s.arg(operand, edit->type));
    }
    return made(repaired, changes.join(u", "_s));
}

} // namespace sqlmend::core
