#include "core/errors/advisor.h"

#include "core/errors/advisorsteps.h"

#include "core/engines/engineregistry.h"
#include "core/errors/namesuggester.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace advisorsteps {

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

QStringList castSpellings(Engine engine, CastTarget target)
{
    return EngineRegistry::forEngine(engine).castSpellings(target);
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
    return EngineRegistry::forEngine(engine).adviceQuoted(name);
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

QString nativeTypeFor(Engine engine, const QString &type)
{
    return EngineRegistry::forEngine(engine).nativeType(type.toLower());
}

// Spellings that most engines understand, for a function no engine table names.
// clang-format off
constexpr std::pair<const char16_t *, const char16_t *> standardEquivalents[] = {
    {u"nvl", u"COALESCE(a, b)"},
    {u"ifnull", u"COALESCE(a, b)"},
    {u"isnull", u"COALESCE(a, b)"},
    {u"len", u"LENGTH(col)"},
    {u"mean", u"AVG(col)"},
};
// clang-format on

QString equivalentFor(Engine engine, const QString &name)
{
    const QString lower = name.toLower();
    if (QString own = EngineRegistry::forEngine(engine).functionEquivalent(lower); !own.isEmpty())
        return own;
    for (const auto &[missing, use] : standardEquivalents) {
        if (lower == QStringView(missing))
            return QString::fromUtf16(use);
    }
    return {};
}

bool isKnownFunction(Engine engine, const QString &name, const SchemaNames *schema)
{
    if (schema && schema->functions.contains(name, Qt::CaseInsensitive))
        return true;
    return EngineRegistry::forEngine(engine).isBuiltinFunction(name.toLower());
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

QString captured(const std::optional<RuleMatch> &found, Capture which)
{
    return found ? found->capture(which) : QString();
}

namespace {

bool isDatePart(const QString &part)
{
    static const QStringList dateParts = {
            u"year"_s, u"month"_s,   u"day"_s,        u"hour"_s,    u"minute"_s,    u"second"_s,
            u"week"_s, u"quarter"_s, u"dayofmonth"_s, u"weekday"_s, u"dayofweek"_s, u"dayofyear"_s};
    return dateParts.contains(part.toLower());
}

} // namespace

std::optional<ColumnUnderDatePart> dateArgument(const Input &in,
                                                const QueryScope::Reference &reference,
                                                const QString &part, qsizetype after)
{
    if (!in.schema || in.statement.isEmpty() || !isDatePart(part))
        return std::nullopt;
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const SchemaNames::Table *holder = holderOf(*in.schema, scope, reference);
    if (!holder)
        return std::nullopt;
    const QString type = holder->columnType(reference.column);
    const QString upper = type.toUpper();
    const bool number = upper.contains(u"INT") || upper.contains(u"REAL") || upper.contains(u"FLOA")
            || upper.contains(u"DOUB") || upper.contains(u"NUM") || upper.contains(u"DEC");
    const bool text = upper.contains(u"CHAR") || upper.contains(u"CLOB") || upper.contains(u"TEXT");
    if (!number && !(text && NameSuggester::words(reference.column).contains(part.toLower())))
        return std::nullopt;
    ColumnUnderDatePart found;
    found.number = number;
    // As a name, without the quotes the statement may give it (the advice quotes it).
    found.column = reference.qualifier.isEmpty() ? reference.column
                                                 : reference.qualifier + u'.' + reference.column;
    found.type = type;
    // YEAR(c.Year) = 2014, or = '2014': the same comparison on the column itself.
    if (after >= 0 && after + 1 < tokens.size() && tokens.at(after).kind == SqlTokenKind::Operator
        && (tokens.at(after + 1).kind == SqlTokenKind::Number
            || tokens.at(after + 1).kind == SqlTokenKind::String)) {
        QString value = tokens.at(after + 1).text(in.statement).toString();
        if (number && value.size() > 2 && value.startsWith(u'\'') && value.endsWith(u'\'')) {
            bool digits = false;
            value.mid(1, value.size() - 2).toLongLong(&digits);
            if (digits)
                value = value.mid(1, value.size() - 2);
        }
        found.comparison =
                found.column + u' ' + tokens.at(after).text(in.statement).toString() + u' ' + value;
    }
    return found;
}

Step datePartStep(const Input &in, const ColumnUnderDatePart &argument, const QString &missing,
                  const QString &call, const QString &part, const QString &instead)
{
    if (argument.number) {
        return {Advisor::tr("%1 has no %2, and %3 holds numbers (%4), not dates: a date function "
                            "would read them as day counts. If it holds the %5 itself, use the "
                            "column as it is, e.g. %6, without %7.")
                        .arg(dialect(in.engine), missing, code(argument.column), argument.type,
                             part, code(argument.example()), call),
                {}};
    }
    return {Advisor::tr("%1 has no %2. %3 is a text column (%4) named for the %5: if it holds the "
                        "%5 alone, use it as it is, e.g. %6, without %7; if it holds dates written "
                        "like 2014-05-01, use %8.")
                    .arg(dialect(in.engine), missing, code(argument.column), argument.type, part,
                         code(argument.example()), call, code(instead)),
            {}};
}

Step partColumnStep(const Input &in, const QueryScope &scope,
                    const QueryScope::Reference &reference, const QString &part,
                    const QString &missing, const QString &instead)
{
    if (!in.schema || instead.isEmpty() || !isDatePart(part))
        return {};
    const SchemaNames::Table *holder = holderOf(*in.schema, scope, reference);
    const QString named = holder ? holder->realColumn(part) : QString();
    if (named.isEmpty() || named.compare(reference.column, Qt::CaseInsensitive) == 0)
        return {};
    const QString column = reference.qualifier.isEmpty()
            ? reference.column
            : reference.qualifier + u'.' + reference.column;
    const QString partColumn =
            reference.qualifier.isEmpty() ? named : reference.qualifier + u'.' + named;
    return {Advisor::tr("%1 has no %2. %3 has a column %4: if it holds the %5 of %6, use it as it "
                        "is (%7); otherwise write %8.")
                    .arg(dialect(in.engine), missing, code(holder->name), code(named),
                         part.toLower(), code(column), code(partColumn), code(instead)),
            {partColumn}};
}

const SchemaNames::Table *holderOf(const SchemaNames &schema, const QueryScope &scope,
                                   const QueryScope::Reference &reference)
{
    const SchemaNames::Table *holder = nullptr;
    if (!reference.qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(reference.qualifier, reference.block);
        holder = source && !source->derived ? schema.findTable(source->table) : nullptr;
    } else {
        for (const QueryScope::Source &source : scope.sources) {
            if (source.block != reference.block || source.derived)
                continue;
            const SchemaNames::Table *table = schema.findTable(source.table);
            if (table && table->hasColumn(reference.column)) {
                if (holder)
                    return nullptr; // two tables have it
                holder = table;
            }
        }
    }
    return holder && holder->hasColumn(reference.column) ? holder : nullptr;
}

QString sourceLabel(const QueryScope::Source &source)
{
    if (source.alias.compare(source.table, Qt::CaseInsensitive) == 0)
        return code(source.table);
    return Advisor::tr("%1 (alias %2)").arg(code(source.table), code(source.alias));
}

// "JOIN people ON people.People_ID = T2.People_ID", through the aliases the query gave.
QString joinText(const QList<SchemaNames::JoinStep> &path, const QueryScope &scope)
{
    QStringList parts;
    for (const SchemaNames::JoinStep &step : path) {
        const QueryScope::Source *from = scope.find(step.fromTable);
        const QString fromName = from ? from->alias : step.fromTable;
        parts.append(u"JOIN %1 ON %1.%2 = %3.%4"_s.arg(step.toTable, step.toColumn, fromName,
                                                       step.fromColumn));
    }
    return parts.join(u' ');
}

namespace {

// ---- per-class next steps
// ----------------------------------------------------------------------------

Step permissionStep(const Input &in)
{
    if (in.first({u"login/password-authentication-failed", u"login/pg-hba",
                  u"login/access-denied-using-password", u"login/role-does-not-exist",
                  u"login/signature-not-match", u"login/login-failed-for-user"})) {
        return {Advisor::tr("Do not retry: the server rejects this login. Check the user name and "
                            "password of the connection profile, or ask the database "
                            "administrator to grant this user access."),
                {}};
    }
    const std::optional<RuleMatch> found =
            in.first({u"privilege/column-of-table", u"privilege/command-denied-for-table",
                      u"privilege/permission-denied-for", u"privilege/must-be-owner-of",
                      u"privilege/row-level-security", u"privilege/access-denied-to-database",
                      u"privilege/grant-on", u"privilege/privilege-on",
                      u"privilege/cannot-find-object", u"privilege/object-not-authorized",
                      u"privilege/select-permission-denied", u"privilege/label-of-column"});
    const QString generic = Advisor::tr(
            "Do not retry: the database refuses this operation to your user. Ask the database "
            "owner for the privilege the error names, or ask a question about tables you can "
            "read.");
    if (!found)
        return {generic, {}};
    const QString first = found->has(Capture::Name) ? found->capture(Capture::Name)
                                                    : found->capture(Capture::Object);
    const QString second = found->capture(Capture::Table);
    QString object = unquoted(first);
    if (object == u"*.*")
        return {generic, {}};
    if (!second.isEmpty())
        object = Advisor::tr("%1 (column of %2)").arg(object, unquoted(second));
    const QString tableForAlternatives = second.isEmpty() ? unquoted(first) : unquoted(second);
    const QStringList beside =
            in.schema ? tablesBeside(*in.schema, tableForAlternatives) : QStringList();
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

Step storageStep(const Input &in)
{
    if (const auto format =
                in.first({u"storage/unknown-storage-engine", u"storage/unknown-format"})) {
        return {Advisor::tr("Do not retry: the data is stored with %1, which this server cannot "
                            "read. Tell the owner of the table; ask about other tables meanwhile.")
                        .arg(code(format->capture(Capture::Type))),
                {}};
    }
    if (const auto found =
                in.first({u"storage/table-in-engine", u"storage/for-table",
                          u"storage/index-for-table", u"storage/in-file",
                          u"storage/malformed-schema", u"storage/could-not-read-block"})) {
        return {Advisor::tr("Do not retry: the data of %1 is damaged or in a format this server "
                            "cannot read. Tell the owner of the table or database file so it can "
                            "be repaired or restored; ask about other tables meanwhile.")
                        .arg(code(unquoted(found->capture(Capture::Object)))),
                {}};
    }
    return {Advisor::tr("Do not retry: the stored data is damaged or in a format this server "
                        "cannot read. Tell the owner of the database so it can be repaired or "
                        "restored."),
            {}};
}

Step typeUnsupportedStep(const Input &in)
{
    const Engine engine = in.engine;
    if (const auto unknown = in.first({u"type/does-not-exist", u"type/unknown-data-type-quoted",
                                       u"type/unknown-data-type"})) {
        const QString type = unknown->capture(Capture::Type);
        const QString native = nativeTypeFor(engine, type);
        if (!native.isEmpty()) {
            return {Advisor::tr("Do not retry this query as it is: %1 has no type %2. Cast in a "
                                "supported way, with %3 instead.")
                            .arg(dialect(engine), code(type), code(native)),
                    {}};
        }
        return {Advisor::tr("Do not retry this query as it is: %1 has no type %2. Select other "
                            "columns, or cast to a type that %1 supports.")
                        .arg(dialect(engine), code(type)),
                {}};
    }
    const auto typed =
            in.first({u"type/no-operator-for-type", u"type/illegal-parameter-data-type",
                      u"type/pseudo-type", u"type/unknown-datatype-for", u"type/column-type",
                      u"type/unsupported-type", u"type/not-supported"});
    const QString cast = alternatives(castSpellings(engine, CastTarget::Text));
    if (typed) {
        return {Advisor::tr("Do not retry this query as it is: values of type %1 cannot be used "
                            "this way here. Select other columns, or cast the column in a "
                            "supported way, e.g. %2.")
                        .arg(code(typed->capture(Capture::Type)), cast),
                {}};
    }
    return {Advisor::tr("Do not retry this query as it is: it uses a data type that cannot be "
                        "handled here. Select other columns, or cast the column in a supported "
                        "way, e.g. %1.")
                    .arg(cast),
            {}};
}

Step readOnlyStep(const Input &in)
{
    if (in.first({u"readonly/table-functions-forbidden"})) {
        return {Advisor::tr("At readonly=1 the server refuses every table function, even %1: "
                            "read a table instead (%2 for a series), or connect as an account "
                            "whose profile has readonly=2 and add %3 to the URL.")
                        .arg(code(u"numbers()"_s), code(u"system.numbers"_s),
                             code(u"?readonly=2"_s)),
                {}};
    }
    if (in.first({u"readonly/readonly-cannot-be-overridden"})) {
        return {Advisor::tr("The account's settings profile already has readonly=2, which a "
                            "connection may not change: add %1 to the database URL. The query "
                            "itself is not at fault.")
                        .arg(code(u"?readonly=2"_s)),
                {}};
    }
    if (const auto found = in.first(
                {u"read-only/cannot-execute-in-read-only", u"read-only/statement-not-supported"})) {
        return {Advisor::tr("Do not retry: SQLMend only runs read-only queries, and this statement "
                            "(%1) would change data. Rewrite it as a SELECT that shows the rows "
                            "you want to look at.")
                        .arg(found->capture(Capture::Object)),
                {}};
    }
    return {Advisor::tr("Do not retry: SQLMend only runs read-only queries, and this statement "
                        "would change data. Rewrite it as a SELECT that shows the rows you want "
                        "to look at."),
            {}};
}

Step resourceStep(const Input &in)
{
    if (in.errorClass == ErrorClass::Timeout
        && in.first({u"lock/lock-timeout", u"lock/lock-wait-timeout", u"lock/database-is-locked",
                     u"lock/deadlock"})) {
        return {Advisor::tr("The query waited too long for a lock that another session holds. "
                            "Try again when that work is done; if it keeps failing, narrow the "
                            "query so it reads fewer rows."),
                {}};
    }
    if (in.errorClass == ErrorClass::Timeout) {
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

Step otherStep(const Input &in)
{
    if (in.first({u"distributed/double-distributed"})) {
        return {Advisor::tr("Both sides of the JOIN (or IN) are Distributed tables, so every "
                            "shard would query every other shard. Write %1 or %2: the right "
                            "side is then read once and sent to each shard.")
                        .arg(code(u"GLOBAL JOIN"_s), code(u"GLOBAL IN"_s)),
                {}};
    }
    if (in.first({u"subquery/more-than-one-row"})) {
        return {Advisor::tr("A subquery used as a single value returns several rows. Make it "
                            "return one row (an aggregate such as MAX, a tighter WHERE, or LIMIT "
                            "1), or compare with IN or EXISTS instead of =."),
                {}};
    }
    return {Advisor::tr("Check the statement against the schema: the names of tables and "
                        "columns, the types of values, and the %1 syntax.")
                    .arg(dialect(in.engine)),
            {}};
}

Step stepFor(const Input &in)
{
    switch (in.errorClass) {
    case ErrorClass::Permission:
        return permissionStep(in);
    case ErrorClass::StorageFormat:
        return storageStep(in);
    case ErrorClass::TypeUnsupported:
        return typeUnsupportedStep(in);
    case ErrorClass::ReadOnlyViolation:
        return readOnlyStep(in);
    case ErrorClass::Timeout:
    case ErrorClass::ResourceExceeded:
        return resourceStep(in);
    case ErrorClass::ColumnMissing:
        return columnMissingStep(in);
    case ErrorClass::TableMissing:
        return tableMissingStep(in);
    case ErrorClass::FunctionMissing:
        return functionMissingStep(in);
    case ErrorClass::CastError:
        return castStep(in);
    case ErrorClass::OperatorMismatch:
        return operatorStep(in);
    case ErrorClass::GroupBy:
        return groupByStep(in);
    case ErrorClass::AmbiguousColumn:
        return ambiguousStep(in);
    case ErrorClass::Syntax:
        return syntaxStep(in);
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
        return otherStep(in);
    }
    return otherStep(in);
}

} // namespace

} // namespace advisorsteps

using namespace advisorsteps;

QString Advice::text() const
{
    return Advisor::tr("Query failed: %1. Error: %2").arg(nature, rootCause) + u'\n'
            + Advisor::tr("Advice: %1").arg(nextStep);
}

Advice Advisor::advise(Engine engine, const DecapsulatedError &error,
                       const Classification &classification, const SchemaNames *schema,
                       QStringView statement)
{
    const QString &whole = error.text();
    Input in;
    in.engine = engine;
    in.errorClass = classification.errorClass;
    in.rule = classification.rule;
    // Identifiers are looked for in the part that is shown; the rest of a huge text is noise.
    in.text = whole.left(MaxShownRootCause);
    in.schema = schema && !schema->isEmpty() ? schema : nullptr;
    in.statement = statement;
    if (classification.match.isValid()
        && classification.match.rule->errorClass == classification.errorClass)
        in.match = classification.match;

    Advice advice;
    advice.nature = natureOf(classification.errorClass);
    advice.rootCause = whole.trimmed().isEmpty() ? tr("(the database gave no message)")
                                                 : bounded(whole.trimmed());
    const Step step = stepFor(in);
    advice.nextStep = step.text;
    advice.suggestions = step.suggestions;
    return advice;
}

} // namespace sqlmend::core
