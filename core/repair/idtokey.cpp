#include "core/repair/idtokey.h"

#include "core/errors/namesuggester.h"
#include "core/sql/sqltokenizer.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// The table's declared one-column primary key, where its name ends in the word id after a word
// of its own (StuID, Paragraph_ID; not id, uid or a key of two columns).
QString ownKey(const SchemaNames::Table &table)
{
    if (table.primaryKey.size() != 1)
        return {};
    const QString key = table.realColumn(table.primaryKey.constFirst());
    const QStringList words = NameSuggester::words(key);
    return words.size() >= 2 && words.constLast() == u"id" ? key : QString();
}

} // namespace

std::optional<Repair> IdToKey::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::ColumnMissing)
        return std::nullopt;
    const QString wrong =
            repairtext::lastNamePart(repairtext::unquotedName(input.capture(Capture::Name)));
    if (wrong.compare(u"id", Qt::CaseInsensitive) != 0)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    if (scope.isOutputAlias(wrong))
        return std::nullopt;
    const QList<SqlToken> &tokens = scope.tokens;

    QList<std::pair<qsizetype, QString>> replacements;
    QStringList keys;
    for (const QueryScope::Reference &reference : scope.references) {
        if (!repairtext::namesIt(tokens.at(reference.token), wrong))
            continue;
        // Its qualifier's table, or the one source of its own SELECT: with two, `id` may be
        // either's.
        const QueryScope::Source *source = scope.sourceOf(reference);
        if (!source || source->derived || source->nullable)
            return std::nullopt;
        const SchemaNames::Table *table = schema->findTable(source->table);
        if (!table || table->hasColumn(wrong))
            return std::nullopt;
        const QString key = ownKey(*table);
        if (key.isEmpty())
            return std::nullopt;
        // Compared with a column: only the key's own name on another table (Student.id =
        // Has_Pet.StuID), never a column `id` or anything else.
        const qsizetype first =
                reference.qualifier.isEmpty() ? reference.token : reference.token - 2;
        for (const auto &[op, step] :
             {std::pair{repairtext::significant(tokens, reference.token, 1), 1},
              std::pair{repairtext::significant(tokens, first, -1), -1}}) {
            if (op < 0 || tokens.at(op).kind != SqlTokenKind::Operator)
                continue;
            const qsizetype near = repairtext::significant(tokens, op, step);
            if (near < 0 || !tokens.at(near).isIdentifier() || tokens.at(near).isSqlKeyword())
                continue;
            const auto [column, qualifier] = repairtext::operandBeside(tokens, op, step);
            const QueryScope::Source *other = qualifier >= 0
                    ? scope.find(tokens.at(qualifier).name, reference.block)
                    : nullptr;
            if (!other || other == source
                || tokens.at(column).name.compare(key, Qt::CaseInsensitive) != 0)
                return std::nullopt;
        }
        const QString spelled = repairtext::spelledName(key, input.engine(),
                                                        tokens.at(reference.token).kind
                                                                == SqlTokenKind::QuotedIdentifier);
        replacements.append({reference.token, spelled});
        if (!keys.contains(key))
            keys.append(key);
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1 -> %2"_s.arg(wrong, keys.join(u", "_s)));
}

} // namespace sqlmend::core
