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
    // Token i - 1 stands for a table of the query whose table has token i as a column
    // (QueryScope::undottedQualifier), and may not be one of its columns (a column followed by its
    // alias, SELECT Name"N", is SQL as written): a source whose columns are not known (a subquery,
    // a table the catalog lacks) may have it.
    const auto qualifies = [&](qsizetype i) {
        if (!scope.undottedQualifier(i, schema))
            return false;
        for (const QueryScope::Source &any : scope.sources) {
            const SchemaNames::Table *table = !any.derived ? schema->findTable(any.table) : nullptr;
            if (!table || table->hasColumn(tokens.at(i - 1).name))
                return false;
        }
        return true;
    };
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &quoted = tokens.at(i);
        const SqlToken &word = tokens.at(i - 1);
        // Two plain words with white space between them, where the engine stopped at the second
        // (WHERE Cartoon Directed_by = ...). A quoted name after a space may be a quoted alias,
        // and stays.
        if (word.kind == SqlTokenKind::Word && quoted.kind == SqlTokenKind::Word
            && word.end() < quoted.offset && input.stoppedAt(i)) {
            if (!qualifies(i))
                return std::nullopt;
            const QString &sql = input.sql();
            const QString written = sql.sliced(word.offset, quoted.end() - word.offset);
            return made(sql.left(word.end()) + u'.' + sql.mid(quoted.offset),
                        u"%1 -> the qualifier and its dot"_s.arg(written));
        }
        // A word and a quoted name with nothing between them.
        if (quoted.kind != SqlTokenKind::QuotedIdentifier || word.kind != SqlTokenKind::Word
            || word.end() != quoted.offset)
            continue;
        const QStringView written = quoted.text(input.sql());
        const bool here = input.stoppedAt(i);
        if (!qualifies(i)) {
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
