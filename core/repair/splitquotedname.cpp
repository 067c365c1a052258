#include "core/repair/splitquotedname.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> SplitQuotedName::propose(const RepairInput &input) const
{
    // The engine names the quoted name as missing, or reports an ambiguous column before it
    // reaches the quoted name: a join written `Owners.owner_id` = `Dogs.owner_id` joins on nothing
    // the engine knows, so the column the join would settle is ambiguous.
    const bool ambiguous = input.errorClass() == ErrorClass::AmbiguousColumn;
    if (input.errorClass() != ErrorClass::ColumnMissing && !ambiguous)
        return std::nullopt;
    const QString named = input.capture(Capture::Name).trimmed();
    if (!ambiguous && !named.contains(u'.'))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    QList<std::pair<qsizetype, QString>> replacements;
    bool namedFound = false;
    for (qsizetype i = 0; i < scope.tokens.size(); ++i) {
        const SqlToken &token = scope.tokens.at(i);
        if (token.kind != SqlTokenKind::QuotedIdentifier || token.name.count(u'.') != 1)
            continue;
        const QString qualifier = token.name.section(u'.', 0, 0);
        const QString column = token.name.section(u'.', 1, 1);
        if (qualifier.isEmpty() || column.isEmpty())
            return std::nullopt;
        // The first part must be a table or alias of the query, the second its column.
        const QueryScope::Source *source = scope.find(qualifier);
        if (!source)
            return std::nullopt;
        if (input.schema() && !source->derived) {
            const SchemaNames::Table *table = input.schema()->findTable(source->table);
            if (!table || !table->hasColumn(column))
                return std::nullopt;
        }
        namedFound = namedFound || token.name.compare(named, Qt::CaseInsensitive) == 0;
        // In the statement's own quotes.
        const QChar open = token.text(input.sql()).front();
        const QChar close = open == u'[' ? u']' : open;
        const auto quoted = [&](const QString &part) { return open + part + close; };
        replacements.append({i, quoted(qualifier) + u'.' + quoted(column)});
    }
    if (ambiguous ? replacements.isEmpty() : !namedFound)
        return std::nullopt;
    const QString first = scope.tokens.at(replacements.constFirst().first).name;
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements),
                u"%1 quoted as two names"_s.arg(ambiguous ? first : named));
}

} // namespace sqlmend::core
