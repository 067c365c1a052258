#include "core/repair/qualifierdot.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> QualifierDot::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const SchemaNames *schema = input.schema();
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    QList<std::pair<qsizetype, QString>> replacements;
    QStringList joined;
    bool stopFound = false;
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &quoted = tokens.at(i);
        const SqlToken &word = tokens.at(i - 1);
        // A word and a quoted name with nothing between them.
        if (quoted.kind != SqlTokenKind::QuotedIdentifier || word.kind != SqlTokenKind::Word
            || word.end() != quoted.offset)
            continue;
        const QStringView written = quoted.text(input.sql());
        const bool here = input.stoppedAt(i);
        // The word stands for a table of the query, and may not be one of its columns (a column
        // followed by its quoted alias, SELECT Name"N", is SQL as written): a source whose
        // columns are not known (a subquery, a table the catalog lacks) may have it.
        const QueryScope::Source *source = scope.find(word.name, scope.blockAt(i));
        bool maybeColumn = false;
        for (const QueryScope::Source &any : scope.sources) {
            const SchemaNames::Table *table =
                    schema && !any.derived ? schema->findTable(any.table) : nullptr;
            maybeColumn = maybeColumn || !table || table->hasColumn(word.name);
        }
        const SchemaNames::Table *table =
                schema && source && !source->derived ? schema->findTable(source->table) : nullptr;
        if (!source || maybeColumn || !table || !table->hasColumn(quoted.name)) {
            if (here)
                return std::nullopt;
            continue;
        }
        stopFound = stopFound || here;
        const QString qualifier = word.text(input.sql()).toString();
        replacements.append({i - 1, qualifier + u'.'});
        joined.append(qualifier + written.toString());
    }
    if (!stopFound)
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1 -> the qualifier and its dot"_s.arg(joined.join(u", "_s)));
}

} // namespace sqlmend::core
