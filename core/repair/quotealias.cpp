#include "core/repair/quotealias.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> QuoteAlias::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QString &sql = input.sql();
    for (qsizetype i = 2; i < tokens.size(); ++i) {
        if (!input.stoppedAt(i))
            continue;
        const QueryScope::SpacedAlias spaced = scope.spacedAlias(sql, i, schema);
        if (spaced.first < 0)
            continue;
        if (!spaced.endsItem || !spaced.columnsKnown || spaced.itemWord >= 0)
            return std::nullopt;
        const qsizetype first = spaced.first;
        const qsizetype last = spaced.last;
        const QString alias = sql.sliced(tokens.at(first).offset,
                                         tokens.at(last).end() - tokens.at(first).offset);
        const QString quoted = repairtext::spelledName(alias, input.engine(), true);
        return made(sql.left(tokens.at(first).offset) + quoted + sql.mid(tokens.at(last).end()),
                    u"AS %1 -> AS %2"_s.arg(alias, quoted));
    }
    return std::nullopt;
}

} // namespace sqlmend::core
