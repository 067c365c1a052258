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
    };
    // clang-format on
    return spellingOf(rows, lowerName);
}

QStringList SqlServerEngine::errorLayers() const
{
    return {u"sqlserver"_s};
}

} // namespace sqlmend::core
