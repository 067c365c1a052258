#include "core/errors/advisor.h"

#include "core/errors/namesuggester.h"
#include "core/sql/selectlist.h"

#include <QRegularExpression>

#include <initializer_list>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Advice must stay readable (and a prompt small) even for a 10 MB error: the root cause shown is
// cut here, and identifiers are looked for only in this much of it.
constexpr qsizetype MaxShownRootCause = 4000;
constexpr int MaxSuggestions = 3;
constexpr int MaxAlternatives = 8;

struct Found
{
    bool ok = false;
    QString first;
    QString second;
    QString third;
};

QList<QRegularExpression> compile(std::initializer_list<const char16_t *> patterns)
{
    QList<QRegularExpression> result;
    for (const char16_t *pattern : patterns) {
        result.append(QRegularExpression(QString::fromUtf16(pattern),
                                         QRegularExpression::CaseInsensitiveOption));
    }
    return result;
}

// The captures of the first pattern that matches.
Found search(const QString &text, const QList<QRegularExpression> &patterns)
{
    for (const QRegularExpression &pattern : patterns) {
        const QRegularExpressionMatch match = pattern.match(text);
        if (match.hasMatch())
            return {true, match.captured(1), match.captured(2), match.captured(3)};
    }
    return {};
}

// `shop`.`orders`, "S"."OWNER", [dbo].[t] -> shop.orders, S.OWNER, dbo.t
QString unquoted(QStringView identifier)
{
    QString result;
    for (QChar c : identifier.trimmed()) {
        if (c != u'"' && c != u'\'' && c != u'`' && c != u'[' && c != u']')
            result.append(c);
    }
    while (result.endsWith(u'.'))
        result.chop(1);
    return result;
}

QString baseName(const QString &identifier)
{
    const qsizetype dot = identifier.lastIndexOf(u'.');
    return dot < 0 ? identifier : identifier.mid(dot + 1);
}

// shop.orders.created_at -> orders; o.user_name -> o; user_name -> empty.
QString qualifierOf(const QString &identifier)
{
    const QStringList parts = identifier.split(u'.');
    return parts.size() < 2 ? QString() : parts.at(parts.size() - 2);
}

// Names and values quoted from a hostile message stay short in the advice.
QString code(const QString &text)
{
    constexpr qsizetype MaxQuoted = 200;
    if (text.size() > MaxQuoted)
        return u'`' + text.left(MaxQuoted) + u"…`"_s;
    return u'`' + text + u'`';
}

QString joinedNames(const QStringList &names)
{
    return names.join(u", ");
}

// "x or y", translated joiner for a list of spellings.
QString alternatives(const QStringList &spellings)
{
    QString result;
    for (const QString &spelling : spellings)
        result = result.isEmpty() ? code(spelling)
                                  : Advisor::tr("%1 or %2").arg(result, code(spelling));
    return result;
}

QString dialect(Engine engine)
{
    return engineDisplayName(engine);
}

QString bounded(const QString &text)
{
    if (text.size() <= MaxShownRootCause)
        return text;
    return Advisor::tr("%1 [… %2 more characters]")
            .arg(text.left(MaxShownRootCause))
            .arg(text.size() - MaxShownRootCause);
}

// ---- the dialect's spelling of casts and quoting
// -------------------------------------------------

enum class CastTarget { Number, Date, Text };

QStringList castSpellings(Engine engine, CastTarget target)
{
    switch (target) {
    case CastTarget::Number:
        if (isPostgresFamily(engine))
            return {u"col::FLOAT8"_s, u"col::numeric"_s};
        if (isMysqlFamily(engine))
            return {u"CAST(col AS DECIMAL(18,4))"_s, u"CAST(col AS SIGNED)"_s};
        switch (engine) {
        case Engine::SQLite:
            return {u"CAST(col AS REAL)"_s};
        case Engine::ClickHouse:
            return {u"toFloat64OrNull(col)"_s};
        case Engine::Trino:
        case Engine::DuckDB:
            return {u"TRY_CAST(col AS DOUBLE)"_s};
        case Engine::SqlServer:
            return {u"TRY_CAST(col AS FLOAT)"_s};
        case Engine::Snowflake:
            return {u"TRY_CAST(col AS FLOAT)"_s, u"TRY_TO_NUMBER(col)"_s};
        case Engine::BigQuery:
            return {u"SAFE_CAST(col AS FLOAT64)"_s};
        case Engine::Oracle:
            return {u"TO_NUMBER(col DEFAULT NULL ON CONVERSION ERROR)"_s};
        case Engine::MaxCompute:
            return {u"CAST(col AS DOUBLE)"_s};
        default:
            return {u"CAST(col AS DECIMAL(18,4))"_s};
        }
    case CastTarget::Date:
        if (isPostgresFamily(engine))
            return {u"to_date(col, 'YYYY-MM-DD')"_s, u"col::date"_s};
        if (isMysqlFamily(engine))
            return {u"STR_TO_DATE(col, '%Y-%m-%d')"_s};
        switch (engine) {
        case Engine::SQLite:
            return {u"date(col)"_s};
        case Engine::ClickHouse:
            return {u"parseDateTimeBestEffortOrNull(col)"_s};
        case Engine::Trino:
        case Engine::DuckDB:
            return {u"TRY_CAST(col AS DATE)"_s};
        case Engine::SqlServer:
            return {u"TRY_CONVERT(date, col)"_s};
        case Engine::Snowflake:
            return {u"TRY_TO_DATE(col)"_s};
        case Engine::BigQuery:
            return {u"SAFE.PARSE_DATE('%Y-%m-%d', col)"_s};
        case Engine::Oracle:
            return {u"TO_DATE(col DEFAULT NULL ON CONVERSION ERROR, 'YYYY-MM-DD')"_s};
        case Engine::MaxCompute:
            return {u"TO_DATE(col, 'yyyy-mm-dd')"_s};
        default:
            return {u"CAST(col AS DATE)"_s};
        }
    case CastTarget::Text:
        if (isPostgresFamily(engine))
            return {u"col::text"_s};
        if (isMysqlFamily(engine))
            return {u"CAST(col AS CHAR)"_s};
        switch (engine) {
        case Engine::SQLite:
            return {u"CAST(col AS TEXT)"_s};
        case Engine::ClickHouse:
            return {u"toString(col)"_s};
        case Engine::Trino:
        case Engine::DuckDB:
            return {u"CAST(col AS VARCHAR)"_s};
        case Engine::SqlServer:
            return {u"CAST(col AS NVARCHAR(MAX))"_s};
        case Engine::Snowflake:
            return {u"col::VARCHAR"_s};
        case Engine::BigQuery:
        case Engine::MaxCompute:
            return {u"CAST(col AS STRING)"_s};
        case Engine::Oracle:
            return {u"TO_CHAR(col)"_s};
        default:
            return {u"CAST(col AS VARCHAR(255))"_s};
        }
    }
    return {};
}

CastTarget castTargetForType(const QString &type)
{
    static const QRegularExpression dateType(u"date|time"_s,
                                             QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression numberType(
            u"int|numeric|decimal|double|float|real|number|signed"_s,
            QRegularExpression::CaseInsensitiveOption);
    if (dateType.match(type).hasMatch())
        return CastTarget::Date;
    if (numberType.match(type).hasMatch())
        return CastTarget::Number;
    return CastTarget::Text;
}

QString quotedIdentifier(Engine engine, const QString &name)
{
    if (isMysqlFamily(engine) || engine == Engine::ClickHouse || engine == Engine::BigQuery
        || engine == Engine::MaxCompute)
        return u'`' + name + u'`';
    if (engine == Engine::SqlServer)
        return u'[' + name + u']';
    return u'"' + name + u'"';
}

// ---- schema look-ups
// -----------------------------------------------------------------------------

QStringList schemaNamesOf(const SchemaNames &schema)
{
    QStringList result;
    for (const SchemaNames::Table &table : schema.tables) {
        if (!table.schema.isEmpty() && !result.contains(table.schema, Qt::CaseInsensitive))
            result.append(table.schema);
    }
    return result;
}

QString qualifiedName(const SchemaNames::Table &table)
{
    return table.schema.isEmpty() ? table.name : table.schema + u'.' + table.name;
}

// Tables a user could ask access to at the same time, or read instead: the same schema and kind.
QStringList tablesBeside(const SchemaNames &schema, const QString &object)
{
    const SchemaNames::Table *table = schema.findTable(object);
    if (!table)
        table = schema.findTable(baseName(object));
    const QString schemaName = table ? table->schema : qualifierOf(object);
    const QString name = table ? table->name : baseName(object);
    QStringList result;
    for (const SchemaNames::Table &candidate : schema.tables) {
        if (result.size() >= MaxAlternatives)
            break;
        if (candidate.name.compare(name, Qt::CaseInsensitive) == 0)
            continue;
        if (!schemaName.isEmpty() && !candidate.schema.isEmpty()
            && candidate.schema.compare(schemaName, Qt::CaseInsensitive) != 0)
            continue;
        if (table && candidate.isView != table->isView)
            continue;
        result.append(qualifiedName(candidate));
    }
    return result;
}

// ---- per-class next steps ----------------------------------------------------------------------

struct Step
{
    QString text;
    QStringList suggestions;
};

Step permissionStep(const QString &text, const SchemaNames *schema)
{
    static const auto credentials = compile({
            uR"re(password authentication failed|pg_hba\.conf|Access denied for user '[^']*'@'[^']*' \(using password|role "[^"]+" does not exist|signature (?:does|dose) not match|Login failed for user)re",
    });
    if (search(text, credentials).ok) {
        return {Advisor::tr("Do not retry: the server rejects this login. Check the user name and "
                            "password of the connection profile, or ask the database "
                            "administrator to grant this user access."),
                {}};
    }
    static const auto objects = compile({
            uR"re(for column '([^']+)' in table '([^']+)')re",
            uR"re(command denied to user '[^']*'@'[^']*' for table ((?:[`'"]?[^`'"\s.]+[`'"]?\.)?[`'"]?[^`'"\s.]+[`'"]?))re",
            uR"re(permission denied for (?:table|relation|sequence|function|schema|database|view|materialized view|large object) "?([^"\s]+)"?)re",
            uR"re(must be owner of (?:table|relation|view|function|schema|database|sequence) "?([^"\s]+)"?)re",
            uR"re(row-level security policy for table "([^"]+)")re",
            uR"re(to database '([^']+)')re",
            uR"re(grant [^\n]*? ON ([\w`*]+\.[\w`*]+))re",
            uR"re(privilege '[^']+' on (\{[^}]+\}|\S+))re",
            uR"re(Cannot find the object "([^"]+)")re",
            uR"re(Object '([^']+)' does not exist or not authorized)re",
            uR"re(The SELECT permission was denied on the object '([^']+)')re",
            uR"re(label of column '([^']+)')re",
    });
    const Found found = search(text, objects);
    if (!found.ok) {
        return {Advisor::tr("Do not retry: the database refuses this operation to your user. Ask "
                            "the database owner for the privilege the error names, or ask a "
                            "question about tables you can read."),
                {}};
    }
    QString object = unquoted(found.first);
    if (object == u"*.*") {
        return {Advisor::tr("Do not retry: the database refuses this operation to your user. Ask "
                            "the database owner for the privilege the error names, or ask a "
                            "question about tables you can read."),
                {}};
    }
    if (!found.second.isEmpty())
        object = Advisor::tr("%1 (column of %2)").arg(object, unquoted(found.second));
    const QString tableForAlternatives =
            found.second.isEmpty() ? unquoted(found.first) : unquoted(found.second);
    const QStringList beside = schema ? tablesBeside(*schema, tableForAlternatives) : QStringList();
    if (beside.isEmpty()) {
        return {Advisor::tr("Do not retry: you lack the privilege on %1. Ask the database owner "
                            "for read access to %1, or ask about data in tables you can read.")
                        .arg(code(object)),
                {}};
    }
    return {Advisor::tr("Do not retry: you lack the privilege on %1. Ask the database owner for "
                        "read access to %1. Other tables of the same schema, to request together "
                        "or to use instead if they hold the data: %2.")
                    .arg(code(object), joinedNames(beside)),
            beside};
}

Step storageStep(const QString &text)
{
    static const auto engines = compile({
            uR"re(Unknown storage engine '([^']+)')re",
            uR"re(Unknown format (\w+))re",
    });
    const Found format = search(text, engines);
    if (format.ok) {
        return {Advisor::tr("Do not retry: the data is stored with %1, which this server cannot "
                            "read. Tell the owner of the table; ask about other tables meanwhile.")
                        .arg(code(format.first)),
                {}};
    }
    static const auto objects = compile({
            uR"re(Table '([^']+)' (?:doesn't exist in engine|is marked as crashed))re",
            uR"re(for table [`'"]?([^`'"\s]+)[`'"]?)re",
            uR"re(Index for table '([^']+)')re",
            uR"re(in file:? '([^']+)')re",
            uR"re(malformed database schema \(([^)]+)\))re",
            uR"re(could not read block \d+ in file "([^"]+)")re",
    });
    const Found found = search(text, objects);
    if (found.ok) {
        return {Advisor::tr("Do not retry: the data of %1 is damaged or in a format this server "
                            "cannot read. Tell the owner of the table or database file so it can "
                            "be repaired or restored; ask about other tables meanwhile.")
                        .arg(code(unquoted(found.first))),
                {}};
    }
    return {Advisor::tr("Do not retry: the stored data is damaged or in a format this server "
                        "cannot read. Tell the owner of the database so it can be repaired or "
                        "restored."),
            {}};
}

// Types a model writes from another dialect, and what this dialect calls them.
QString nativeTypeFor(Engine engine, const QString &type)
{
    struct Mapping
    {
        const char16_t *from;
        const char16_t *to;
    };
    static constexpr Mapping postgres[] = {
            {u"datetime", u"timestamp"},
            {u"string", u"text"},
            {u"nvarchar", u"varchar"},
            {u"nvarchar2", u"varchar"},
            {u"varchar2", u"varchar"},
            {u"int64", u"bigint"},
            {u"float64", u"double precision"},
            {u"double", u"double precision"},
            {u"long", u"bigint"},
            {u"tinyint", u"smallint"},
            {u"number", u"numeric"},
            {u"clob", u"text"},
            {u"blob", u"bytea"},
            {u"signed", u"integer"},
            {u"unsigned", u"bigint"},
            {u"datetime2", u"timestamp"},
            {u"bit", u"boolean"},
    };
    static constexpr Mapping mysql[] = {
            {u"jsonb", u"JSON"},
            {u"money", u"DECIMAL(19,4)"},
            {u"nvarchar2", u"VARCHAR(255)"},
            {u"varchar2", u"VARCHAR(255)"},
            {u"serial8", u"BIGINT"},
            {u"int8", u"BIGINT"},
            {u"int4", u"INT"},
            {u"float8", u"DOUBLE"},
            {u"uuid", u"CHAR(36)"},
            {u"timestamptz", u"DATETIME"},
            {u"bytea", u"BLOB"},
            {u"text", u"CHAR"},
            {u"string", u"CHAR"},
            {u"integer", u"SIGNED"},
            {u"int", u"SIGNED"},
            {u"bigint", u"SIGNED"},
            {u"numeric", u"DECIMAL(18,4)"},
            {u"number", u"DECIMAL(18,4)"},
            {u"varchar", u"CHAR"},
    };
    const QString lower = type.toLower();
    if (isPostgresFamily(engine)) {
        for (const Mapping &entry : postgres) {
            if (lower == QStringView(entry.from))
                return QString::fromUtf16(entry.to);
        }
    } else if (isMysqlFamily(engine)) {
        for (const Mapping &entry : mysql) {
            if (lower == QStringView(entry.from))
                return QString::fromUtf16(entry.to);
        }
    }
    return {};
}

Step typeUnsupportedStep(Engine engine, const QString &text)
{
    static const auto unknownType = compile({
            uR"re(type "([^"]+)" does not exist)re",
            uR"re(Unknown data type:? '([^']+)')re",
            uR"re(Unknown data type:? (\w+))re",
    });
    const Found unknown = search(text, unknownType);
    if (unknown.ok) {
        const QString native = nativeTypeFor(engine, unknown.first);
        if (!native.isEmpty()) {
            return {Advisor::tr("Do not retry this query as it is: %1 has no type %2. Cast in a "
                                "supported way, with %3 instead.")
                            .arg(dialect(engine), code(unknown.first), code(native)),
                    {}};
        }
        return {Advisor::tr("Do not retry this query as it is: %1 has no type %2. Select other "
                            "columns, or cast to a type that %1 supports.")
                        .arg(dialect(engine), code(unknown.first)),
                {}};
    }
    static const auto typed = compile({
            uR"re(operator for type (\w+))re",
            uR"re(Illegal parameter data type (\w+) for operation '([^']+)')re",
            uR"re(pseudo-type (\w+))re",
            uR"re(unknown datatype for [^:\n]+: "([^"]+)")re",
            uR"re(Column type: (\S+))re",
            uR"re(unsupported (?:data )?type:? "?([\w ]+?)"?(?:$|[,.;\n]))re",
            uR"re(data type "?(\w+)"? is not supported)re",
    });
    const Found found = search(text, typed);
    const QString cast = alternatives(castSpellings(engine, CastTarget::Text));
    if (found.ok) {
        return {Advisor::tr("Do not retry this query as it is: values of type %1 cannot be used "
                            "this way here. Select other columns, or cast the column in a "
                            "supported way, e.g. %2.")
                        .arg(code(found.first), cast),
                {}};
    }
    return {Advisor::tr("Do not retry this query as it is: it uses a data type that cannot be "
                        "handled here. Select other columns, or cast the column in a supported "
                        "way, e.g. %1.")
                    .arg(cast),
            {}};
}

Step readOnlyStep(const QString &text)
{
    static const auto kinds = compile({
            uR"re(cannot execute (.+?) in a read-only transaction)re",
            uR"re((CREATE TABLE|INSERT|UPDATE|DELETE|DROP|ALTER|TRUNCATE) is not supported)re",
    });
    const Found found = search(text, kinds);
    if (found.ok) {
        return {Advisor::tr("Do not retry: SQLMend only runs read-only queries, and this statement "
                            "(%1) would change data. Rewrite it as a SELECT that shows the rows "
                            "you want to look at.")
                        .arg(found.first),
                {}};
    }
    return {Advisor::tr("Do not retry: SQLMend only runs read-only queries, and this statement "
                        "would change data. Rewrite it as a SELECT that shows the rows you want "
                        "to look at."),
            {}};
}

Step resourceStep(ErrorClass errorClass, const QString &text)
{
    static const auto locks = compile({
            uR"re(lock timeout|Lock wait timeout|database is locked|deadlock)re",
    });
    if (errorClass == ErrorClass::Timeout && search(text, locks).ok) {
        return {Advisor::tr("The query waited too long for a lock that another session holds. "
                            "Try again when that work is done; if it keeps failing, narrow the "
                            "query so it reads fewer rows."),
                {}};
    }
    if (errorClass == ErrorClass::Timeout) {
        return {Advisor::tr("The query ran past the time limit, and the same shape will time out "
                            "again. Narrow the scan: filter on indexed or partition columns, use a "
                            "smaller date range, add LIMIT, or aggregate before joining."),
                {}};
    }
    return {Advisor::tr("The query needs more memory or work than the server allows, and the same "
                        "shape will fail again. Narrow the scan: filter on indexed or partition "
                        "columns, use a smaller date range, add LIMIT, or aggregate before "
                        "joining."),
            {}};
}

// ---- missing columns, tables and functions
// --------------------------------------------------------

Step columnMissingStep(Engine engine, const QString &text, const SchemaNames *schema)
{
    // Capture 1: the wrong column as written; capture 2: the table the engine names, if any.
    static const auto patterns = compile({
            uR"re(column "([^"]+)" of relation "([^"]+)" does not exist)re",
            uR"re(column "([^"]+)" does not exist)re",
            uR"re(column ([\w.$]+) does not exist)re",
            uR"re(table (\S+) has no column named (\S+))re",
            uR"re(Unknown column '([^']+)')re",
            uR"re(no such column: ("[^"]+"|\S+))re",
            uR"re(Column '([^']+)' cannot be resolved)re",
            uR"re(Missing columns: '([^']+)')re",
            uR"re(Failed to find column:? "?([\w.]+)"?)re",
            uR"re(Referenced column "([^"]+)" not found)re",
            uR"re(invalid identifier '([^']+)')re",
            uR"re(((?:"[^"]+"\.)*"[^"]+"|[\w.$]+): invalid identifier)re",
            uR"re(Invalid column name '([^']+)')re",
            uR"re(Column '([^']+)' not found in any table)re",
            uR"re(column "([^"]+)" could not be found)re",
            uR"re(Column (\S+) unknown)re",
            uR"re(identifier '([^']+)' unknown)re",
            uR"re(Unrecognized name: (\w+))re",
            uR"re(Invalid column: (\w+))re",
    });
    const Found found = search(text, patterns);
    if (!found.ok) {
        return {Advisor::tr("A column the query names does not exist. Check the real column names "
                            "of the tables in the schema and use one of them; do not guess "
                            "another name."),
                {}};
    }
    // SQLite names the table first: "table orders has no column named customer_id".
    const bool tableFirst = found.first.size() && text.contains(u"has no column named");
    const QString wrong = unquoted(tableFirst ? found.second : found.first);
    const QString tableHint = unquoted(tableFirst ? found.first : found.second);
    const QString column = baseName(wrong);

    QStringList suggestions;
    QString tableShown;
    if (schema) {
        QStringList preferred;
        if (!tableHint.isEmpty() && schema->findTable(tableHint))
            preferred.append(tableHint);
        const QString qualifier = qualifierOf(wrong);
        if (!qualifier.isEmpty() && schema->findTable(qualifier))
            preferred.append(qualifier);
        if (!preferred.isEmpty()) {
            suggestions =
                    NameSuggester::closest(column, schema->columnNames(preferred), MaxSuggestions);
            tableShown = preferred.constFirst();
        }
        if (suggestions.isEmpty()) {
            suggestions = NameSuggester::closest(column, schema->columnNames(), MaxSuggestions);
            tableShown.clear();
        }
    }
    if (!suggestions.isEmpty()) {
        if (!tableShown.isEmpty()) {
            return {Advisor::tr("The column %1 does not exist in %2. Use one of: %3.")
                            .arg(code(wrong), code(tableShown), joinedNames(suggestions)),
                    suggestions};
        }
        return {Advisor::tr("The column %1 does not exist. Use one of: %2.")
                        .arg(code(wrong), joinedNames(suggestions)),
                suggestions};
    }
    // PostgreSQL reads "Ann" in double quotes as a column; a text value needs single quotes.
    const bool looksLikeValue = isPostgresFamily(engine) && found.first.size()
            && text.contains(u'"' + found.first + u'"')
            && (column.contains(u' ') || (column.size() && column.front().isUpper()));
    if (looksLikeValue) {
        return {Advisor::tr("The column %1 does not exist. If %1 is meant as a text value, write "
                            "it in single quotes ('%2'): in %3, double quotes name a column.")
                        .arg(code(wrong), column, dialect(engine)),
                {}};
    }
    if (schema) {
        return {Advisor::tr("The column %1 does not exist, and no real column has a similar name. "
                            "Check which table holds this information and use its real column.")
                        .arg(code(wrong)),
                {}};
    }
    return {Advisor::tr("The column %1 does not exist. Check the real column names of the table "
                        "in the schema and use one of them; do not guess another name.")
                    .arg(code(wrong)),
            {}};
}

Step tableMissingStep(Engine engine, const QString &text, const SchemaNames *schema)
{
    static const auto alias = compile({
            uR"re(missing FROM-clause entry for table "([^"]+)")re",
            uR"re(The multi-part identifier "([^"]+)" could not be bound)re",
    });
    const Found missingAlias = search(text, alias);
    if (missingAlias.ok) {
        return {Advisor::tr("The table or alias %1 is used but not defined in FROM. Add its table "
                            "to FROM or JOIN with the alias %1, or use the alias the FROM clause "
                            "already defines.")
                        .arg(code(unquoted(missingAlias.first))),
                {}};
    }
    static const auto schemaPattern = compile({
            uR"re(schema "([^"]+)" does not exist)re",
            uR"re(Unknown database '([^']+)')re",
            uR"re(Schema '([^']+)' does not exist)re",
    });
    const Found missingSchema = search(text, schemaPattern);
    if (missingSchema.ok) {
        const QString wrong = unquoted(missingSchema.first);
        const QStringList suggestions = schema
                ? NameSuggester::closest(wrong, schemaNamesOf(*schema), MaxSuggestions)
                : QStringList();
        if (!suggestions.isEmpty()) {
            return {Advisor::tr("The schema %1 does not exist. Use one of: %2.")
                            .arg(code(wrong), joinedNames(suggestions)),
                    suggestions};
        }
        return {Advisor::tr("The schema %1 does not exist. Use a schema the schema browser "
                            "lists, or leave the table name unqualified.")
                        .arg(code(wrong)),
                {}};
    }
    static const auto patterns = compile({
            uR"re(relation "([^"]+)" does not exist)re",
            uR"re(Table '([^']+)' doesn't exist)re",
            uR"re(Unknown table '([^']+)')re",
            uR"re(no such table: (\S+))re",
            uR"re(Table '([^']+)' does not exist)re",
            uR"re(Table ([\w.`"]+?)\.? doesn't exist)re",
            uR"re(Invalid object name '([^']+)')re",
            uR"re(Ungültiger Objektname '([^']+)')re",
            uR"re(Object '([^']+)' does not exist)re",
            uR"re(Not found: Table ([\w.:-]+))re",
            uR"re(Table not found - "?([^"\s]+)"? "([^"]+)")re",
            uR"re(table or view not found - (\S+))re",
            uR"re(Catalog Error: Table with name (\w+) does not exist)re",
            uR"re(Table (\S+) does not exist)re",
    });
    const Found found = search(text, patterns);
    if (!found.ok) {
        return {Advisor::tr("A table the query names does not exist. Check the schema for the "
                            "real table name (and its schema prefix) instead of guessing."),
                {}};
    }
    const QString wrong = found.second.isEmpty()
            ? unquoted(found.first)
            : unquoted(found.first) + u'.' + unquoted(found.second);
    const QString table = baseName(wrong);
    const QStringList suggestions = schema
            ? NameSuggester::closest(table, schema->tableNames(), MaxSuggestions)
            : QStringList();
    if (!suggestions.isEmpty()) {
        return {Advisor::tr("The table %1 does not exist. Use one of: %2.")
                        .arg(code(wrong), joinedNames(suggestions)),
                suggestions};
    }
    if (schema) {
        return {Advisor::tr("The table %1 does not exist, and no real table has a similar name. "
                            "Check which table holds this information in the schema.")
                        .arg(code(wrong)),
                {}};
    }
    Q_UNUSED(engine);
    return {Advisor::tr("The table %1 does not exist. Check the schema for the real table name "
                        "(and its schema prefix) instead of guessing.")
                    .arg(code(wrong)),
            {}};
}

enum class Family { Postgres, Mysql, Sqlite, SqlServer, ClickHouse, Any };

Family familyOf(Engine engine)
{
    if (isPostgresFamily(engine))
        return Family::Postgres;
    if (isMysqlFamily(engine))
        return Family::Mysql;
    switch (engine) {
    case Engine::SQLite:
        return Family::Sqlite;
    case Engine::SqlServer:
        return Family::SqlServer;
    case Engine::ClickHouse:
        return Family::ClickHouse;
    default:
        return Family::Any;
    }
}

struct Equivalent
{
    Family family;
    const char16_t *missing;
    const char16_t *use; // code, never translated
};

// clang-format off
constexpr Equivalent equivalents[] = {
    {Family::Postgres, u"date_format", u"to_char(col, 'YYYY-MM')"},
    {Family::Postgres, u"ifnull", u"COALESCE(a, b)"},
    {Family::Postgres, u"nvl", u"COALESCE(a, b)"},
    {Family::Postgres, u"isnull", u"COALESCE(a, b)"},
    {Family::Postgres, u"datediff", u"end_date::date - start_date::date` or `age(end_date, start_date)"},
    {Family::Postgres, u"timestampdiff", u"EXTRACT(EPOCH FROM end_ts - start_ts)"},
    {Family::Postgres, u"group_concat", u"string_agg(col, ',')"},
    {Family::Postgres, u"listagg", u"string_agg(col, ',')"},
    {Family::Postgres, u"hex", u"to_hex(int_col)` or `encode(col::bytea, 'hex')"},
    {Family::Postgres, u"len", u"length(col)"},
    {Family::Postgres, u"curdate", u"CURRENT_DATE"},
    {Family::Postgres, u"getdate", u"now()"},
    {Family::Postgres, u"sysdate", u"now()"},
    {Family::Postgres, u"date_add", u"col + interval '1 day'"},
    {Family::Postgres, u"adddate", u"col + interval '1 day'"},
    {Family::Postgres, u"dateadd", u"col + interval '1 day'"},
    {Family::Postgres, u"date_sub", u"col - interval '1 day'"},
    {Family::Postgres, u"str_to_date", u"to_date(col, 'YYYY-MM-DD')"},
    {Family::Postgres, u"instr", u"strpos(col, 'x')"},
    {Family::Postgres, u"charindex", u"strpos(col, 'x')"},
    {Family::Postgres, u"locate", u"strpos(col, 'x')"},
    {Family::Postgres, u"unix_timestamp", u"EXTRACT(EPOCH FROM col)"},
    {Family::Postgres, u"from_unixtime", u"to_timestamp(col)"},
    {Family::Postgres, u"datepart", u"date_part('day', col)"},
    {Family::Postgres, u"rand", u"random()"},
    {Family::Postgres, u"iif", u"CASE WHEN cond THEN a ELSE b END"},
    {Family::Postgres, u"if", u"CASE WHEN cond THEN a ELSE b END"},
    {Family::Postgres, u"year", u"EXTRACT(YEAR FROM col)"},
    {Family::Postgres, u"month", u"EXTRACT(MONTH FROM col)"},
    {Family::Postgres, u"day", u"EXTRACT(DAY FROM col)"},
    {Family::Postgres, u"strftime", u"to_char(col, 'YYYY-MM')"},
    {Family::Postgres, u"json_extract", u"col->>'key'"},
    {Family::Mysql, u"to_char", u"DATE_FORMAT(col, '%Y-%m')"},
    {Family::Mysql, u"string_agg", u"GROUP_CONCAT(col SEPARATOR ',')"},
    {Family::Mysql, u"listagg", u"GROUP_CONCAT(col SEPARATOR ',')"},
    {Family::Mysql, u"array_agg", u"GROUP_CONCAT(col SEPARATOR ',')"},
    {Family::Mysql, u"date_trunc", u"DATE_FORMAT(col, '%Y-%m-01')"},
    {Family::Mysql, u"split_part", u"SUBSTRING_INDEX(SUBSTRING_INDEX(col, ',', n), ',', -1)"},
    {Family::Mysql, u"len", u"CHAR_LENGTH(col)"},
    {Family::Mysql, u"generate_series", u"WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10) SELECT n FROM seq"},
    {Family::Mysql, u"to_timestamp", u"STR_TO_DATE(col, '%Y-%m-%d %H:%i:%s')` or `FROM_UNIXTIME(col)"},
    {Family::Mysql, u"to_date", u"STR_TO_DATE(col, '%Y-%m-%d')"},
    {Family::Mysql, u"nvl", u"IFNULL(a, b)"},
    {Family::Mysql, u"isnull", u"IFNULL(a, b)"},
    {Family::Mysql, u"getdate", u"NOW()"},
    {Family::Mysql, u"datepart", u"EXTRACT(DAY FROM col)"},
    {Family::Mysql, u"date_part", u"EXTRACT(DAY FROM col)"},
    {Family::Mysql, u"strpos", u"LOCATE('x', col)"},
    {Family::Mysql, u"charindex", u"LOCATE('x', col)"},
    {Family::Mysql, u"age", u"TIMESTAMPDIFF(DAY, start_date, end_date)"},
    {Family::Mysql, u"strftime", u"DATE_FORMAT(col, '%Y-%m')"},
    {Family::Mysql, u"random", u"RAND()"},
    {Family::Sqlite, u"date_trunc", u"strftime('%Y-%m-01', col)` or `date(col, 'start of month')"},
    {Family::Sqlite, u"to_char", u"strftime('%Y-%m', col)"},
    {Family::Sqlite, u"date_format", u"strftime('%Y-%m', col)"},
    {Family::Sqlite, u"datediff", u"julianday(end_date) - julianday(start_date)"},
    {Family::Sqlite, u"now", u"datetime('now')"},
    {Family::Sqlite, u"getdate", u"datetime('now')"},
    {Family::Sqlite, u"curdate", u"date('now')"},
    {Family::Sqlite, u"concat", u"a || b"},
    {Family::Sqlite, u"string_agg", u"group_concat(col, ',')"},
    {Family::Sqlite, u"listagg", u"group_concat(col, ',')"},
    {Family::Sqlite, u"array_agg", u"group_concat(col, ',')"},
    {Family::Sqlite, u"json_extract_path_text", u"json_extract(col, '$.key')"},
    {Family::Sqlite, u"len", u"length(col)"},
    {Family::Sqlite, u"char_length", u"length(col)"},
    {Family::Sqlite, u"nvl", u"ifnull(a, b)"},
    {Family::Sqlite, u"isnull", u"ifnull(a, b)"},
    {Family::Sqlite, u"year", u"strftime('%Y', col)"},
    {Family::Sqlite, u"month", u"strftime('%m', col)"},
    {Family::Sqlite, u"day", u"strftime('%d', col)"},
    {Family::Sqlite, u"left", u"substr(col, 1, n)"},
    {Family::Sqlite, u"right", u"substr(col, -n)"},
    {Family::Sqlite, u"date_add", u"date(col, '+1 day')"},
    {Family::Sqlite, u"to_date", u"date(col)"},
    {Family::Sqlite, u"split_part", u"substr(col, 1, instr(col, ',') - 1)"},
    {Family::SqlServer, u"to_char", u"FORMAT(col, 'yyyy-MM')"},
    {Family::SqlServer, u"date_format", u"FORMAT(col, 'yyyy-MM')"},
    {Family::SqlServer, u"utc_timestamp", u"SYSUTCDATETIME()"},
    {Family::SqlServer, u"now", u"GETDATE()"},
    {Family::SqlServer, u"length", u"LEN(col)"},
    {Family::SqlServer, u"char_length", u"LEN(col)"},
    {Family::SqlServer, u"ifnull", u"ISNULL(a, b)"},
    {Family::SqlServer, u"nvl", u"ISNULL(a, b)"},
    {Family::SqlServer, u"date_trunc", u"DATETRUNC(month, col)"},
    {Family::SqlServer, u"group_concat", u"STRING_AGG(col, ',')"},
    {Family::SqlServer, u"substr", u"SUBSTRING(col, 1, n)"},
    {Family::ClickHouse, u"to_char", u"formatDateTime(col, '%Y-%m')"},
    {Family::ClickHouse, u"date_format", u"formatDateTime(col, '%Y-%m')"},
    {Family::ClickHouse, u"nvl", u"ifNull(a, b)"},
    {Family::ClickHouse, u"string_agg", u"arrayStringConcat(groupArray(col), ',')"},
    {Family::ClickHouse, u"group_concat", u"arrayStringConcat(groupArray(col), ',')"},
    {Family::ClickHouse, u"len", u"length(col)"},
    {Family::Any, u"nvl", u"COALESCE(a, b)"},
    {Family::Any, u"ifnull", u"COALESCE(a, b)"},
    {Family::Any, u"isnull", u"COALESCE(a, b)"},
    {Family::Any, u"len", u"LENGTH(col)"},
};

// Built-ins whose "does not exist" means wrong argument types, not a missing function.
constexpr const char16_t *postgresBuiltins[] = {
    u"round", u"trunc", u"to_char", u"to_date", u"to_timestamp", u"to_number", u"date_trunc",
    u"date_part", u"substring", u"substr", u"left", u"right", u"length", u"lower", u"upper",
    u"btrim", u"trim", u"replace", u"concat", u"jsonb_set", u"json_extract_path_text",
    u"jsonb_extract_path_text", u"sum", u"avg", u"min", u"max", u"string_agg", u"array_agg",
    u"abs", u"ceil", u"floor", u"generate_series", u"age", u"split_part", u"strpos",
    u"regexp_replace", u"lpad", u"rpad", u"repeat", u"md5", u"encode", u"decode", u"make_date",
    u"position", u"format", u"extract", u"percentile_cont", u"json_build_object", u"array_length",
    u"unnest", u"mod", u"power", u"sqrt", u"log", u"ln", u"exp", u"random", u"nullif",
};
// clang-format on

QString equivalentFor(Engine engine, const QString &name)
{
    const QString lower = name.toLower();
    const Family family = familyOf(engine);
    for (const Family wanted : {family, Family::Any}) {
        for (const Equivalent &entry : equivalents) {
            if (entry.family == wanted && lower == QStringView(entry.missing))
                return QString::fromUtf16(entry.use);
        }
    }
    return {};
}

bool isKnownFunction(Engine engine, const QString &name, const SchemaNames *schema)
{
    if (schema && schema->functions.contains(name, Qt::CaseInsensitive))
        return true;
    if (!isPostgresFamily(engine))
        return false;
    const QString lower = name.toLower();
    for (const char16_t *builtin : postgresBuiltins) {
        if (lower == QStringView(builtin))
            return true;
    }
    return false;
}

Step functionMissingStep(Engine engine, const QString &text, const SchemaNames *schema)
{
    static const auto argumentCount = compile({
            uR"re(Incorrect parameter count in the call to native function '([^']+)')re",
            uR"re(Number of arguments for function (\w+) doesn't match)re",
            uR"re(function (\w+) (?:takes|requires|expects) (?:exactly |at least |at most )?\d+ arguments?)re",
            uR"re(Wrong number of arguments to function (\w+))re",
    });
    const Found count = search(text, argumentCount);
    if (count.ok) {
        return {Advisor::tr("The function %1 exists, but not with this number of arguments. Call "
                            "it with the arguments %2 expects (see its signature in the manual).")
                        .arg(code(count.first), dialect(engine)),
                {}};
    }
    // Capture 1: the function; capture 2: its argument types where the engine lists them.
    static const auto patterns = compile({
            uR"re((?:function|procedure) ([\w.$"]+)\(([^)]*)\) does not exist)re",
            uR"re((?:FUNCTION|PROCEDURE) ([\w.$`]+) does not exist)re",
            uR"re(no such function: (\w+))re",
            uR"re(Unknown function (\w+))re",
            uR"re('(\w+)' is not a recognized built-in function name)re",
            uR"re(Function '?(\w+)'? not registered)re",
            uR"re(Function not found: (\w+))re",
            uR"re(Scalar Function with name (\w+) does not exist)re",
            uR"re(Unknown function:? '?(\w+)'?)re",
            uR"re(invalid function '?(\w+)'?)re",
            uR"re(ORA-00904: "?(\w+)"?: invalid identifier)re",
    });
    const Found found = search(text, patterns);
    if (!found.ok) {
        return {Advisor::tr("A function the query calls does not exist in %1 with these "
                            "arguments. Use a function %1 provides, or cast the arguments to the "
                            "types the function accepts.")
                        .arg(dialect(engine)),
                {}};
    }
    const QString function = baseName(unquoted(found.first));
    const QString arguments = found.second.trimmed();
    if (!arguments.isEmpty() && isKnownFunction(engine, function, schema)) {
        // round(double precision, integer): PostgreSQL rounds to digits only for numeric.
        const bool roundDouble = (function.compare(u"round", Qt::CaseInsensitive) == 0
                                  || function.compare(u"trunc", Qt::CaseInsensitive) == 0)
                && arguments.contains(u"double precision");
        const QString example = roundDouble
                ? code(function.toLower() + u"(col::numeric, 2)"_s)
                : alternatives({u"col::numeric"_s, u"col::text"_s, u"col::timestamp"_s});
        return {Advisor::tr("The function %1 exists in %2, but not for the argument types (%3). "
                            "Cast the arguments to the types it accepts, e.g. %4.")
                        .arg(code(function), dialect(engine), arguments, example),
                {}};
    }
    const QString equivalent = equivalentFor(engine, function);
    if (!equivalent.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use %3 instead.")
                        .arg(dialect(engine), code(function), code(equivalent)),
                {}};
    }
    static const auto maybe = compile({uR"re(Maybe you meant: \[([^\]]+)\])re"});
    QStringList suggestions;
    const Found engineSuggestions = search(text, maybe);
    if (engineSuggestions.ok) {
        for (const QString &part : engineSuggestions.first.split(u','))
            suggestions.append(unquoted(part));
        suggestions.removeAll(QString());
    }
    if (suggestions.isEmpty() && schema)
        suggestions = NameSuggester::closest(function, schema->functions, MaxSuggestions);
    if (!suggestions.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use one of: %3.")
                        .arg(dialect(engine), code(function), joinedNames(suggestions)),
                suggestions};
    }
    return {Advisor::tr("%1 has no function %2. Rewrite the expression with functions that %1 "
                        "provides.")
                    .arg(dialect(engine), code(function)),
            {}};
}

// ---- cast, operator, group by, ambiguity, syntax
// -------------------------------------------------

Step castStep(Engine engine, const QString &text)
{
    static const auto tooLong = compile({
            uR"re(value too long for type ([^\n]+?)(?:$|\n))re",
            uR"re(Data too long for column '([^']+)')re",
            uR"re(String or binary data would be truncated)re",
    });
    if (search(text, tooLong).ok) {
        return {Advisor::tr("A text value is longer than its type allows. Cast to a longer type "
                            "(for example %1) or shorten the value with SUBSTRING.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Text))),
                {}};
    }
    static const auto badDate = compile({
            uR"re(date/time field value out of range: "([^"]*)")re",
            uR"re(Incorrect (?:datetime|date|time) value: '([^']*)')re",
            uR"re(Truncated incorrect (?:datetime|date|time) value: '([^']*)')re",
            uR"re(Cannot parse string '([^']*)' as Date)re",
            uR"re(Cannot read DateTime)re",
            uR"re(invalid input syntax for type (?:date|timestamp)[^:]*: "([^"]*)")re",
    });
    const Found date = search(text, badDate);
    if (date.ok) {
        const QString spelling = alternatives(castSpellings(engine, CastTarget::Date));
        if (!date.first.isEmpty()) {
            return {Advisor::tr("The value %1 is not a valid date or time. Fix the literal (ISO "
                                "format 'YYYY-MM-DD' with a real month and day), or convert text "
                                "with %2.")
                            .arg(code(date.first), spelling),
                    {}};
        }
        return {Advisor::tr("A value is not a valid date or time. Fix the literal (ISO format "
                            "'YYYY-MM-DD' with a real month and day), or convert text with %1.")
                        .arg(spelling),
                {}};
    }
    static const auto outOfRange = compile({
            uR"re((?:integer|smallint|bigint|numeric field|value) (?:out of range|overflow))re",
            uR"re(Out of range value)re",
            uR"re(Arithmetic overflow)re",
    });
    if (search(text, outOfRange).ok) {
        return {Advisor::tr("A number is out of range for its type. Cast to a wider type before "
                            "the arithmetic, e.g. %1.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Number))),
                {}};
    }
    static const auto cannotCast = compile({
            uR"re(cannot cast type (.+?) to ([^\n]+?)(?:$|\n))re",
    });
    const Found typePair = search(text, cannotCast);
    if (typePair.ok) {
        return {Advisor::tr("%1 cannot convert %2 to %3 directly. Convert through a type both "
                            "sides understand (for example extract a number from a date with "
                            "EXTRACT, or cast through text), or compare values of the same type.")
                        .arg(dialect(engine), code(typePair.first),
                             code(typePair.second.trimmed())),
                {}};
    }
    // Capture 1: the target type; capture 2: the offending value.
    static const auto typeThenValue = compile({
            uR"re(invalid input syntax for (?:type )?([\w ]+?): "([^"]*)")re",
            uR"re(Truncated incorrect (\w+) value: '([^']*)')re",
            uR"re(Incorrect (\w+) value: '([^']*)')re",
            uR"re(Bad (\w+) value '([^']*)')re",
    });
    // Capture 1: the offending value; capture 2: the target type.
    static const auto valueThenType = compile({
            uR"re(Cannot parse string '([^']*)' as (\w+))re",
            uR"re(Could not convert string '([^']*)' to (\w+))re",
            uR"re(Cannot cast '([^']*)' to (\w+))re",
            uR"re(Conversion failed when converting the \w+ value '([^']*)' to data type (\w+))re",
            uR"re(Numeric value '([^']*)' is not recognized())re",
    });
    static const auto storeType = compile({uR"re(cannot store \w+ value in (\w+) column)re"});
    QString type;
    QString offending;
    if (const Found found = search(text, typeThenValue); found.ok) {
        type = found.first.trimmed();
        offending = found.second;
    } else if (const Found found = search(text, valueThenType); found.ok) {
        offending = found.first;
        type = found.second.isEmpty() ? u"number"_s : found.second;
    } else if (const Found found = search(text, storeType); found.ok) {
        type = found.first;
    } else if (text.contains(u"invalid number", Qt::CaseInsensitive)) {
        type = u"number"_s;
    }
    const CastTarget target = type.isEmpty() ? CastTarget::Number : castTargetForType(type);
    const QString spelling = alternatives(castSpellings(engine, target));
    static const QRegularExpression numeric(uR"re(^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?\s*$)re"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    if (!offending.isEmpty() && target == CastTarget::Number
        && !numeric.match(offending).hasMatch()) {
        return {Advisor::tr("The value %1 is not a number, so it cannot become %2. Compare it with "
                            "a text column instead, or filter out such values before converting "
                            "with %3.")
                        .arg(code(offending), type, spelling),
                {}};
    }
    if (!offending.isEmpty()) {
        // "2000.0" into an integer: the value is a decimal, so cast to a decimal type.
        if (isPostgresFamily(engine) && target == CastTarget::Number) {
            return {Advisor::tr("The value %1 cannot be read as %2. In %3, convert text such as "
                                "%1 with %4, not with AS INT or AS DOUBLE; filter out values that "
                                "are not numbers.")
                            .arg(code(offending), type, dialect(engine), spelling),
                    {}};
        }
        return {Advisor::tr("The value %1 cannot be read as %2. In %3, convert it with %4, and "
                            "filter out values that do not convert.")
                        .arg(code(offending), type, dialect(engine), spelling),
                {}};
    }
    if (!type.isEmpty()) {
        return {Advisor::tr("A value cannot be read as %1. In %2, convert it explicitly with %3, "
                            "and filter out values that do not convert.")
                        .arg(type, dialect(engine), spelling),
                {}};
    }
    return {Advisor::tr("A value does not convert to the type the query needs. In %1, convert "
                        "explicitly with %2, and filter out values that do not convert.")
                    .arg(dialect(engine), spelling),
            {}};
}

Step operatorStep(Engine engine, const QString &text)
{
    static const auto collations = compile({uR"re(Illegal mix of collations)re"});
    if (search(text, collations).ok) {
        return {Advisor::tr("The two sides use different collations. Convert one side, e.g. "
                            "%1, so both compare with the same collation.")
                        .arg(code(u"a = b COLLATE utf8mb4_unicode_ci"_s)),
                {}};
    }
    // Capture 1 and 3: the two types; capture 2: the operator.
    static const auto patterns = compile({
            uR"re(operator does not exist: ([^\n]+?) (\S+) ([^\n]+?)(?:$|\n))re",
            uR"re(Cannot apply operator: (\S+(?: \(\d+\))?) (\S+) ([^\n]+?)(?:$|\n))re",
    });
    const Found found = search(text, patterns);
    const QString cast = alternatives(castSpellings(engine, CastTarget::Text));
    if (found.ok) {
        return {Advisor::tr("The operator %1 cannot compare or combine %2 with %3. Cast one side "
                            "so both have the same type (e.g. %4, or a number without quotes), "
                            "or compare with a column of the matching type.")
                        .arg(code(found.second), code(found.first), code(found.third.trimmed()),
                             cast),
                {}};
    }
    static const auto mariadb = compile({
            uR"re(Illegal parameter data types (\w+) and (\w+) for operation '([^']+)')re",
    });
    const Found pair = search(text, mariadb);
    if (pair.ok) {
        return {Advisor::tr("The operator %1 cannot compare or combine %2 with %3. Cast one side "
                            "so both have the same type (e.g. %4, or a number without quotes), "
                            "or compare with a column of the matching type.")
                        .arg(code(pair.third), code(pair.first), code(pair.second), cast),
                {}};
    }
    return {Advisor::tr("An operator or function gets values of types that do not fit together. "
                        "Cast one side so both have the same type, e.g. %1.")
                    .arg(cast),
            {}};
}

Step groupByStep(Engine engine, const QString &text, QStringView statement)
{
    static const auto misplaced = compile({
            uR"re(aggregate functions are not allowed in (WHERE|JOIN conditions?))re",
            uR"re((Invalid use of group function))re",
    });
    if (search(text, misplaced).ok) {
        return {Advisor::tr("An aggregate (SUM, AVG, COUNT …) is used where rows are still being "
                            "filtered. Move that condition into HAVING after GROUP BY, or compute "
                            "the aggregate in a subquery and compare with its result."),
                {}};
    }
    static const auto havingOnly = compile({uR"re(HAVING clause on a non-aggregate query)re"});
    if (search(text, havingOnly).ok) {
        return {Advisor::tr("HAVING needs a GROUP BY or an aggregate. Add the GROUP BY the "
                            "question needs, or put the condition in WHERE."),
                {}};
    }
    static const auto inGroupBy = compile({
            uR"re(aggregate functions are not allowed in (?:the )?GROUP BY)re",
    });
    if (search(text, inGroupBy).ok) {
        return {Advisor::tr("GROUP BY cannot contain an aggregate. Group by the plain columns or "
                            "expressions, and keep the aggregates in the SELECT list."),
                {}};
    }
    static const auto patterns = compile({
            uR"re(column "([^"]+)" must appear in the GROUP BY clause)re",
            uR"re(nonaggregated column '([^']+)')re",
            uR"re('([^']+)' isn't in GROUP BY)re",
            uR"re('([^']+)' must be an aggregate expression)re",
            uR"re((\S+) must be an aggregate expression)re",
            uR"re(Column (\S+) is not under aggregate function)re",
            uR"re(Column '([^']+)' is invalid in the select list)re",
            uR"re(references column (\w+) which is neither grouped nor aggregated)re",
            uR"re(column reference (\S+) should appear in GROUP BY)re",
            uR"re(not part of GROUP BY: (\w+))re",
            uR"re(Expression \\?'([^'\\]+)\\?' is not being grouped)re",
            uR"re(Cannot use column (\w+) outside of an Aggregation)re",
    });
    const Found found = search(text, patterns);
    if (!found.ok) {
        // The message names no column (SQLite's "misuse of aggregate"): the statement does.
        const QStringList ungrouped = statement.isEmpty()
                ? QStringList()
                : SelectList::ungroupedColumns(statement, engine);
        if (!ungrouped.isEmpty()) {
            QStringList quoted;
            for (const QString &column : ungrouped)
                quoted.append(code(column));
            return {Advisor::tr("The selected columns %1 are neither grouped nor aggregated. Add "
                                "them to GROUP BY, or wrap each in an aggregate such as %2.")
                            .arg(quoted.join(u", "_s),
                                 code(u"MAX("_s + ungrouped.constFirst() + u')')),
                    ungrouped};
        }
        return {Advisor::tr("A selected column is neither grouped nor aggregated. Add every "
                            "selected plain column to GROUP BY, or wrap it in an aggregate such "
                            "as MAX or COUNT."),
                {}};
    }
    QString column = unquoted(found.first);
    // db.table.column -> table.column: the database prefix is noise in a GROUP BY.
    QStringList parts = column.split(u'.');
    while (parts.size() > 2)
        parts.removeFirst();
    column = parts.join(u'.');
    return {Advisor::tr("The column %1 is neither grouped nor aggregated. Add %1 to GROUP BY, or "
                        "wrap it in an aggregate such as %2.")
                    .arg(code(column), code(u"MAX("_s + column + u')')),
            {column}};
}

Step ambiguousStep(const QString &text, const SchemaNames *schema)
{
    static const auto duplicate = compile({uR"re(Duplicate column name '([^']+)')re"});
    const Found duplicateName = search(text, duplicate);
    if (duplicateName.ok) {
        return {Advisor::tr("The result has two columns named %1. Give one of them its own name "
                            "with AS, or select it only once.")
                        .arg(code(duplicateName.first)),
                {}};
    }
    static const auto alias = compile({uR"re(Not unique table/alias: '([^']+)')re"});
    const Found aliasName = search(text, alias);
    if (aliasName.ok) {
        return {Advisor::tr("The alias %1 is given to two tables. Give every table in FROM and "
                            "JOIN its own alias.")
                        .arg(code(aliasName.first)),
                {}};
    }
    static const auto patterns = compile({
            uR"re(column reference "([^"]+)" is ambiguous)re",
            uR"re((?:ORDER|GROUP) BY "([^"]+)" is ambiguous)re",
            uR"re(common column name "([^"]+)" appears more than once)re",
            uR"re(Column '([^']+)' in [\w ]+ is ambiguous)re",
            uR"re(ambiguous column name:? '?([\w.]+)'?)re",
            uR"re(Ambiguous column name '([^']+)')re",
            uR"re(Column '([^']+)' is ambiguous)re",
            uR"re(Column name '([^']+)' is ambiguous)re",
            uR"re(column name "?(\w+)"? is ambiguous)re",
    });
    const Found found = search(text, patterns);
    if (!found.ok) {
        return {Advisor::tr("A column name exists in more than one table of the query. Qualify "
                            "every such column with its table alias (for example o.id)."),
                {}};
    }
    const QString column = baseName(unquoted(found.first));
    const QStringList tables = schema ? schema->tablesWithColumn(column) : QStringList();
    if (tables.size() >= 2) {
        QStringList qualified;
        for (const QString &table : tables)
            qualified.append(baseName(table) + u'.' + column);
        return {Advisor::tr("The column %1 exists in %2. Qualify it with the alias of the table "
                            "it should come from (for example %3).")
                        .arg(code(column), joinedNames(tables), code(qualified.constFirst())),
                qualified};
    }
    return {Advisor::tr("The column %1 exists in more than one table of the query. Qualify it "
                        "with the alias of the table it should come from (for example %2).")
                    .arg(code(column), code(u"o."_s + column)),
            {}};
}

bool isReservedWord(const QString &word)
{
    static const QStringList reserved = {
            u"order"_s,   u"group"_s,        u"user"_s,    u"select"_s,     u"from"_s,
            u"where"_s,   u"table"_s,        u"limit"_s,   u"offset"_s,     u"desc"_s,
            u"asc"_s,     u"key"_s,          u"index"_s,   u"default"_s,    u"check"_s,
            u"column"_s,  u"range"_s,        u"rows"_s,    u"window"_s,     u"partition"_s,
            u"values"_s,  u"case"_s,         u"end"_s,     u"all"_s,        u"any"_s,
            u"role"_s,    u"to"_s,           u"on"_s,      u"references"_s, u"grant"_s,
            u"session"_s, u"current_user"_s, u"analyse"_s, u"analyze"_s,    u"primary"_s,
            u"rank"_s,    u"interval"_s,     u"match"_s,   u"read"_s,       u"release"_s,
            u"sql"_s,
    };
    return reserved.contains(word, Qt::CaseInsensitive);
}

Step syntaxStep(Engine engine, const QString &text, const SchemaNames *schema)
{
    static const auto unionColumns = compile({
            uR"re(each (?:UNION|INTERSECT|EXCEPT) query must have the same number of columns)re",
            uR"re(different number of columns)re",
            uR"re(do not have the same number of result columns)re",
    });
    if (search(text, unionColumns).ok) {
        return {Advisor::tr("The SELECTs joined by UNION return different numbers of columns. "
                            "Give every SELECT the same columns in the same order."),
                {}};
    }
    static const auto unterminated = compile({
            uR"re(unterminated quoted (?:string|identifier))re",
            uR"re(unrecognized token: "'[^"]*")re",
            uR"re(unterminated (?:string|character string))re",
    });
    if (search(text, unterminated).ok) {
        return {Advisor::tr("A quoted string is not closed. Close it with a single quote, and "
                            "double any single quote inside the text ('it''s')."),
                {}};
    }
    static const auto endOfInput = compile({
            uR"re(syntax error at end of input|incomplete input|unexpected end of|to use near '' at line)re",
    });
    if (search(text, endOfInput).ok) {
        return {Advisor::tr("The statement ends too early. Complete it: a WITH clause needs its "
                            "main SELECT, and every parenthesis must be closed."),
                {}};
    }
    const bool foreignCast = !isPostgresFamily(engine) && engine != Engine::Snowflake
            && engine != Engine::DuckDB && text.contains(u"::");
    static const auto colonToken = compile({uR"re(unrecognized token: ":")re"});
    if (foreignCast || search(text, colonToken).ok) {
        return {Advisor::tr("%1 has no :: cast. Write %2 instead.")
                        .arg(dialect(engine), code(u"CAST(col AS type)"_s)),
                {}};
    }
    static const auto top = compile({uR"re(\bSELECT\s+TOP\s+\d+|near '?"?(?:TOP )?\d+ \*)re"});
    if (engine != Engine::SqlServer && search(text, top).ok
        && text.contains(u"TOP", Qt::CaseInsensitive)) {
        return {Advisor::tr("%1 has no SELECT TOP n. Put %2 at the end of the query instead.")
                        .arg(dialect(engine), code(u"LIMIT n"_s)),
                {}};
    }
    if (isPostgresFamily(engine) && text.contains(u'`')) {
        return {Advisor::tr("%1 quotes names with double quotes, not backticks. Write %2, or "
                            "leave the name unquoted.")
                        .arg(dialect(engine), code(u"\"name\""_s)),
                {}};
    }
    // Capture 1: the token the engine stopped at.
    static const auto patterns = compile({
            uR"re(syntax error at or near "([^"]*)")re",
            uR"re(near "([^"]*)": syntax error)re",
            uR"re(right syntax to use near '(.{0,60}?)' at line)re",
            uR"re(right syntax to use near '(.{0,60}))re",
            uR"re(unrecognized token: "([^"]*)")re",
            uR"re(failed at position \d+ \('([^']+)'\))re",
            uR"re(failed at position \d+[^:\n]*: (\S+))re",
            uR"re(mismatched input '([^']+)')re",
            uR"re(Incorrect syntax near '([^']+)')re",
            uR"re(Syntax error: Unexpected (?:keyword )?(\S+))re",
            uR"re(syntax error, unexpected (\S+))re",
            uR"re(Parser Error: syntax error at or near "([^"]*)")re",
    });
    const Found found = search(text, patterns);
    if (!found.ok || found.first.trimmed().isEmpty()) {
        return {Advisor::tr("Check the statement's syntax against the %1 dialect: keywords, "
                            "commas, parentheses and quotes.")
                        .arg(dialect(engine)),
                {}};
    }
    const QString token = found.first.trimmed();
    const QString firstWord = token.section(u' ', 0, 0);
    if (firstWord.compare(u"ILIKE", Qt::CaseInsensitive) == 0 && !isPostgresFamily(engine)) {
        return {Advisor::tr("%1 has no ILIKE. Write %2 instead.")
                        .arg(dialect(engine), code(u"LOWER(col) LIKE LOWER('pattern')"_s)),
                {}};
    }
    if (isReservedWord(firstWord)) {
        const QStringList tables = schema
                ? NameSuggester::closest(firstWord, schema->tableNames(), MaxSuggestions)
                : QStringList();
        if (!tables.isEmpty()) {
            return {Advisor::tr("%1 is a reserved word. If it is meant as a name, use the real "
                                "table name (%2) or quote it as %3.")
                            .arg(code(firstWord), joinedNames(tables),
                                 code(quotedIdentifier(engine, firstWord))),
                    tables};
        }
        return {Advisor::tr("%1 is a reserved word. If it is meant as a name, quote it as %2 or "
                            "use the real table or column name.")
                        .arg(code(firstWord), code(quotedIdentifier(engine, firstWord))),
                {}};
    }
    return {Advisor::tr("Check the SQL near %1: a keyword, comma or parenthesis is missing or out "
                        "of place there, or %2 spells this construct differently.")
                    .arg(code(token.left(60)), dialect(engine)),
            {}};
}

Step otherStep(Engine engine, const QString &text)
{
    static const auto subquery = compile({
            uR"re(more than one row returned by a subquery|Subquery returns more than 1 row|single-row subquery returns more than one row)re",
    });
    if (search(text, subquery).ok) {
        return {Advisor::tr("A subquery used as a single value returns several rows. Make it "
                            "return one row (an aggregate such as MAX, a tighter WHERE, or LIMIT "
                            "1), or compare with IN or EXISTS instead of =."),
                {}};
    }
    return {Advisor::tr("Check the statement against the schema: the names of tables and "
                        "columns, the types of values, and the %1 syntax.")
                    .arg(dialect(engine)),
            {}};
}

QString natureOf(ErrorClass errorClass)
{
    switch (errorClass) {
    case ErrorClass::Permission:
        return Advisor::tr("permission denied");
    case ErrorClass::Timeout:
        return Advisor::tr("the query ran out of time");
    case ErrorClass::StorageFormat:
        return Advisor::tr("the stored data cannot be read");
    case ErrorClass::ResourceExceeded:
        return Advisor::tr("the query exceeded a resource limit");
    case ErrorClass::TypeUnsupported:
        return Advisor::tr("a data type is not supported here");
    case ErrorClass::ColumnMissing:
        return Advisor::tr("a column does not exist");
    case ErrorClass::FunctionMissing:
        return Advisor::tr("a function does not exist for these arguments");
    case ErrorClass::OperatorMismatch:
        return Advisor::tr("an operator got values of mismatched types");
    case ErrorClass::TableMissing:
        return Advisor::tr("a table does not exist");
    case ErrorClass::CastError:
        return Advisor::tr("a value cannot be converted to the needed type");
    case ErrorClass::Syntax:
        return Advisor::tr("the SQL has a syntax error");
    case ErrorClass::AmbiguousColumn:
        return Advisor::tr("a column reference is ambiguous");
    case ErrorClass::GroupBy:
        return Advisor::tr("a column is neither grouped nor aggregated");
    case ErrorClass::DivisionByZero:
        return Advisor::tr("division by zero");
    case ErrorClass::ReadOnlyViolation:
        return Advisor::tr("the statement tries to write in a read-only session");
    case ErrorClass::Connection:
        return Advisor::tr("the connection to the database failed");
    case ErrorClass::Other:
        return Advisor::tr("the database rejected the query");
    }
    return Advisor::tr("the database rejected the query");
}

Step stepFor(Engine engine, ErrorClass errorClass, const QString &text, const SchemaNames *schema,
             QStringView statement)
{
    switch (errorClass) {
    case ErrorClass::Permission:
        return permissionStep(text, schema);
    case ErrorClass::StorageFormat:
        return storageStep(text);
    case ErrorClass::TypeUnsupported:
        return typeUnsupportedStep(engine, text);
    case ErrorClass::ReadOnlyViolation:
        return readOnlyStep(text);
    case ErrorClass::Timeout:
    case ErrorClass::ResourceExceeded:
        return resourceStep(errorClass, text);
    case ErrorClass::ColumnMissing:
        return columnMissingStep(engine, text, schema);
    case ErrorClass::TableMissing:
        return tableMissingStep(engine, text, schema);
    case ErrorClass::FunctionMissing:
        return functionMissingStep(engine, text, schema);
    case ErrorClass::CastError:
        return castStep(engine, text);
    case ErrorClass::OperatorMismatch:
        return operatorStep(engine, text);
    case ErrorClass::GroupBy:
        return groupByStep(engine, text, statement);
    case ErrorClass::AmbiguousColumn:
        return ambiguousStep(text, schema);
    case ErrorClass::Syntax:
        return syntaxStep(engine, text, schema);
    case ErrorClass::DivisionByZero:
        return {Advisor::tr("Some rows divide by zero. Wrap the denominator in %1 so those rows "
                            "give NULL instead of failing, e.g. %2.")
                        .arg(code(u"NULLIF(denominator, 0)"_s),
                             code(u"sum(a) / NULLIF(sum(b), 0)"_s)),
                {}};
    case ErrorClass::Connection:
        return {Advisor::tr("This is not the query's fault: the database server could not be "
                            "reached or dropped the connection. Check that the server is running "
                            "and reachable (host, port, network); the request is retried by the "
                            "transport, so do not change the SQL."),
                {}};
    case ErrorClass::Other:
        return otherStep(engine, text);
    }
    return otherStep(engine, text);
}

} // namespace

QString Advice::text() const
{
    return Advisor::tr("Query failed: %1. Error: %2").arg(nature, rootCause) + u'\n'
            + Advisor::tr("Advice: %1").arg(nextStep);
}

Advice Advisor::advise(Engine engine, const DecapsulatedError &error,
                       const Classification &classification, const SchemaNames *schema,
                       QStringView statement)
{
    const QString &whole = error.rootCause.isEmpty() ? error.raw : error.rootCause;
    // Identifiers are looked for in the part that is shown; the rest of a huge text is noise.
    const QString text = whole.left(MaxShownRootCause);
    const SchemaNames *names = schema && !schema->isEmpty() ? schema : nullptr;

    Advice advice;
    advice.nature = natureOf(classification.errorClass);
    advice.rootCause = whole.trimmed().isEmpty() ? tr("(the database gave no message)")
                                                 : bounded(whole.trimmed());
    const Step step = stepFor(engine, classification.errorClass, text, names, statement);
    advice.nextStep = step.text;
    advice.suggestions = step.suggestions;
    return advice;
}

} // namespace sqlmend::core
