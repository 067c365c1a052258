#include "core/engines/sqlserverengine.h"

#include "core/errors/errorrules.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SqlLexicalRules SqlServerEngine::lexicalRules() const
{
    SqlLexicalRules rules;
    rules.bracketIdentifiers = true;
    rules.nestedComments = true;
    return rules;
}

QStringList SqlServerEngine::denylistKeys() const
{
    return {u"sqlserver"_s, u"any"_s};
}

EngineFamily SqlServerEngine::ruleFamily() const
{
    return EngineFamily::SqlServer;
}

QStringList SqlServerEngine::castSpellings(CastTarget target) const
{
    switch (target) {
    case CastTarget::Number:
        return {u"TRY_CAST(col AS FLOAT)"_s};
    case CastTarget::Date:
        return {u"TRY_CONVERT(date, col)"_s};
    case CastTarget::Text:
        return {u"CAST(col AS NVARCHAR(MAX))"_s};
    }
    return {};
}

QString SqlServerEngine::adviceQuoted(const QString &name) const
{
    return u'[' + name + u']';
}

QString SqlServerEngine::functionEquivalent(QStringView lowerName) const
{
    // clang-format off
    static constexpr Spelling rows[] = {
            {u"to_char", u"FORMAT(col, 'yyyy-MM')"},
            {u"date_format", u"FORMAT(col, 'yyyy-MM')"},
            {u"utc_timestamp", u"SYSUTCDATETIME()"},
            {u"now", u"GETDATE()"},
            {u"length", u"LEN(col)"},
            {u"char_length", u"LEN(col)"},
            {u"ifnull", u"ISNULL(a, b)"},
            {u"nvl", u"ISNULL(a, b)"},
            {u"date_trunc", u"DATETRUNC(month, col)"},
            {u"group_concat", u"STRING_AGG(col, ',')"},
            {u"substr", u"SUBSTRING(col, 1, n)"},
            {u"extract", u"DATEPART(year, col)"},
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

QStringList SqlServerEngine::errorLayers() const
{
    return {u"sqlserver"_s};
}

// SQL Server error numbers ("Msg 208").
std::optional<ErrorClass> SqlServerEngine::errorCodeClass(int code, QStringView /*text*/) const
{
    switch (code) {
    case 208:
        return ErrorClass::TableMissing;
    case 207:
    case 4104:
        return ErrorClass::ColumnMissing;
    case 195:
    case 4121:
    case 2812:
    case 313:
        return ErrorClass::FunctionMissing;
    case 8134:
        return ErrorClass::DivisionByZero;
    case 245:
    case 8114:
    case 241:
    case 242:
    case 8115:
    case 8152:
    case 2628:
    case 295:
        return ErrorClass::CastError;
    case 209:
        return ErrorClass::AmbiguousColumn;
    case 8120:
    case 144:
    case 147:
    case 8118:
        return ErrorClass::GroupBy;
    case 102:
    case 156:
    case 105:
    case 170:
    case 4145:
        return ErrorClass::Syntax;
    case 229:
    case 230:
    case 262:
    case 297:
    case 300:
    case 916:
    case 18456:
    case 4902:
        return ErrorClass::Permission;
    case 3906:
        return ErrorClass::ReadOnlyViolation;
    case 1222:
    case 1205:
        return ErrorClass::Timeout;
    case 701:
    case 1105:
    case 9002:
    case 8623:
    case 8632:
        return ErrorClass::ResourceExceeded;
    case 402:
    case 8117:
    case 206:
        return ErrorClass::OperatorMismatch;
    case 2715:
        return ErrorClass::TypeUnsupported;
    case 4060:
    case 10054:
    case 10060:
    case 10061:
    case 233:
        return ErrorClass::Connection;
    case 824:
    case 823:
    case 8928:
        return ErrorClass::StorageFormat;
    default:
        return std::nullopt;
    }
}

} // namespace sqlmend::core
