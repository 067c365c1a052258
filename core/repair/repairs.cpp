#include "core/repair/repairs.h"

#include "core/repair/backslashquote.h"
#include "core/repair/clauseorder.h"
#include "core/repair/coloncast.h"
#include "core/repair/compoundmember.h"
#include "core/repair/countrowstar.h"
#include "core/repair/cutleadingprose.h"
#include "core/repair/cutsecondstatement.h"
#include "core/repair/cuttrailingprose.h"
#include "core/repair/fetchfirsttolimit.h"
#include "core/repair/fixspelling.h"
#include "core/repair/groupbyselected.h"
#include "core/repair/idtokey.h"
#include "core/repair/iliketolike.h"
#include "core/repair/joinnamedtable.h"
#include "core/repair/jointhroughkey.h"
#include "core/repair/jointhroughlink.h"
#include "core/repair/joinreferencedtable.h"
#include "core/repair/limitoffsetcomma.h"
#include "core/repair/nestedaggregate.h"
#include "core/repair/orderdirection.h"
#include "core/repair/plainquotes.h"
#include "core/repair/qualifierdot.h"
#include "core/repair/qualifycolumn.h"
#include "core/repair/quantifiedcomparison.h"
#include "core/repair/quotealias.h"
#include "core/repair/referencedkey.h"
#include "core/repair/splitquotedname.h"
#include "core/repair/stripmarker.h"
#include "core/repair/subqueryaggregate.h"
#include "core/repair/tablenamedbykeys.h"
#include "core/repair/tableprefixedname.h"
#include "core/repair/minustoexcept.h"
#include "core/repair/nativefunction.h"
#include "core/repair/toptolimit.h"
#include "core/repair/unionalldistinct.h"
#include "core/repair/unwrapstatement.h"

#include <QCoreApplication>

namespace sqlmend::core {

const QList<std::shared_ptr<const RepairStep>> &Repairs::steps()
{
    // One step a line, in the order they are tried: the order is the point.
    // clang-format off
    static const QList<std::shared_ptr<const RepairStep>> list{
            std::make_shared<StripMarker>(),
            std::make_shared<UnwrapStatement>(),
            std::make_shared<CutLeadingProse>(),
            std::make_shared<CutSecondStatement>(),
            std::make_shared<PlainQuotes>(),
            std::make_shared<BackslashQuote>(),
            std::make_shared<SplitQuotedName>(),
            std::make_shared<QualifierDot>(),
            std::make_shared<IlikeToLike>(),
            std::make_shared<TopToLimit>(),
            std::make_shared<FetchFirstToLimit>(),
            std::make_shared<LimitOffsetComma>(),
            std::make_shared<MinusToExcept>(),
            std::make_shared<UnionAllDistinct>(),
            std::make_shared<ColonCast>(),
            std::make_shared<NativeFunction>(),
            std::make_shared<CompoundMember>(),
            std::make_shared<NestedAggregate>(),
            std::make_shared<SubqueryAggregate>(),
            std::make_shared<GroupBySelected>(),
            std::make_shared<CountRowStar>(),
            std::make_shared<ClauseOrder>(),
            std::make_shared<OrderDirection>(),
            std::make_shared<QuoteAlias>(),
            std::make_shared<QuantifiedComparison>(),
            std::make_shared<CutTrailingProse>(),
            std::make_shared<FixSpelling>(),
            std::make_shared<TableNamedByKeys>(),
            std::make_shared<TablePrefixedName>(),
            std::make_shared<IdToKey>(),
            std::make_shared<ReferencedKey>(),
            std::make_shared<QualifyColumn>(),
            std::make_shared<JoinReferencedTable>(),
            std::make_shared<JoinNamedTable>(),
            std::make_shared<JoinThroughKey>(),
            std::make_shared<JoinThroughLink>(),
    };
    // clang-format on
    return list;
}

QStringList Repairs::names()
{
    QStringList result;
    for (const auto &step : steps())
        result.append(step->name());
    return result;
}

QStringList Repairs::summaries()
{
    QStringList result;
    for (const auto &step : steps())
        result.append(QCoreApplication::translate("sqlmend::core::Repairs", step->summary()));
    return result;
}

std::optional<Repair> Repairs::next(const RepairInput &input,
                                    const std::function<bool(const QString &)> &tried)
{
    for (const auto &step : steps()) {
        std::optional<Repair> repair = step->propose(input);
        if (!repair || repair->sql.trimmed().isEmpty() || repair->sql == input.sql())
            continue;
        if (tried && tried(repair->sql))
            continue;
        return repair;
    }
    return std::nullopt;
}

} // namespace sqlmend::core
