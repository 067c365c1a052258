#include "core/errors/advisor.h"

#include "core/engines/engineregistry.h"
#include "core/errors/errorrules.h"
#include "core/errors/namesuggester.h"
#include "core/errors/queryscope.h"
#include "core/sql/selectlist.h"

#include <QRegularExpression>
#include <QSet>

#include <initializer_list>
#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Advice must stay readable (and a prompt small) even for a 10 MB error: the root cause shown is
// cut here, and identifiers are looked for only in this much of it.
constexpr qsizetype MaxShownRootCause = 4000;
constexpr int MaxSuggestions = 3;
// The tables named as holding a column, at most (the rest are counted).
constexpr qsizetype MaxHolderNames = 8;
constexpr int MaxAlternatives = 8;
// A missing table that resembles none: the schema's tables, up to this many.
constexpr int MaxTablesListed = 24;

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

// ---- what a step reads
// ---------------------------------------------------------------------------

struct Step
{
    QString text;
    QStringList suggestions;
};

// A step's input: the message, the row of the rule table that recognised it and what it
// captured, the schema and the statement. Steps ask for the shapes they treat apart by the row's
// name; they never match the message themselves.
struct Input
{
    Engine engine = Engine::Unknown;
    ErrorClass errorClass = ErrorClass::Other;
    QString rule; // the classification's rule ("guard:not_sql", "text:column/no-such-column")
    QString text; // the shown part of the root cause
    RuleMatch match;
    const SchemaNames *schema = nullptr;
    QStringView statement;

    // The first of these rows that matches: the classification's own row when it is one of them.
    std::optional<RuleMatch> first(std::initializer_list<QStringView> names) const
    {
        for (const QStringView name : names) {
            if (match.is(name))
                return match;
        }
        return ErrorRules::firstOf(engine, text, names);
    }
    bool has(QStringView name) const { return first({name}).has_value(); }
    // The statement's scope, read on first use; the steps that ask for it share the one reading.
    const QueryScope &scope() const
    {
        if (!m_scope)
            m_scope = statement.isEmpty() ? QueryScope() : QueryScope::read(statement, engine);
        return *m_scope;
    }

private:
    mutable std::optional<QueryScope> m_scope;
};

QString captured(const std::optional<RuleMatch> &found, Capture which)
{
    return found ? found->capture(which) : QString();
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

// ---- missing columns, tables and functions
// --------------------------------------------------------

// The name looks like a whole statement: the model put its SQL in backticks, which quote a name.
bool looksLikeStatement(const QString &name)
{
    const QString trimmed = name.trimmed();
    return trimmed.contains(u' ')
            && (trimmed.startsWith(u"select ", Qt::CaseInsensitive)
                || trimmed.startsWith(u"with ", Qt::CaseInsensitive));
}

// `table.column` in backticks or double quotes is one name, not a qualified column.
bool quotedAsOneName(QStringView statement, const QString &name)
{
    return !statement.isEmpty() && name.contains(u'.')
            && (statement.contains(QString(u'`' + name + u'`'), Qt::CaseInsensitive)
                || statement.contains(QString(u'"' + name + u'"'), Qt::CaseInsensitive));
}

// Closest real column names, each with the table that has it.
Step closestColumns(const Input &in, const QString &wrong, const QString &column,
                    const QStringList &preferred)
{
    const SchemaNames &schema = *in.schema;
    QStringList suggestions;
    QString tableShown;
    if (!preferred.isEmpty()) {
        suggestions = NameSuggester::closest(column, schema.columnNames(preferred), MaxSuggestions);
        tableShown = preferred.constFirst();
    }
    if (suggestions.isEmpty()) {
        suggestions = NameSuggester::closest(column, schema.columnNames(), MaxSuggestions);
        tableShown.clear();
    }
    if (suggestions.isEmpty())
        return {};
    if (!tableShown.isEmpty()) {
        return {Advisor::tr("The column %1 does not exist in %2. Use one of: %3.")
                        .arg(code(wrong), code(tableShown), joinedNames(suggestions)),
                suggestions};
    }
    QStringList withTables;
    for (const QString &name : suggestions) {
        QStringList holders;
        for (const QString &table : schema.tablesWithColumn(name))
            holders.append(baseName(table));
        withTables.append(holders.isEmpty()
                                  ? name
                                  : Advisor::tr("%1 (in %2)").arg(name, holders.join(u", ")));
    }
    return {Advisor::tr("The column %1 does not exist. Use one of: %2.")
                    .arg(code(wrong), joinedNames(withTables)),
            suggestions};
}

// Columns named with a word of the same stem as a word of the wrong name that the schema does not
// use (Director and Directed_by, Writer and Written_by): two words of four letters or more that
// begin alike for two thirds of the shorter one. For a name no spelling is close to.
Step sameStemColumns(const Input &in, const QString &wrong, const QString &column)
{
    const auto sameStem = [](const QString &a, const QString &b) {
        const qsizetype shorter = std::min(a.size(), b.size());
        if (shorter < 4)
            return false;
        qsizetype common = 0;
        while (common < shorter && a.at(common) == b.at(common))
            ++common;
        return common >= 4 && common * 3 >= shorter * 2;
    };
    // The words of the name that no name of the schema has: the ones the model made up
    // (Paragraph_Colour: colour, not paragraph).
    const QSet<QString> known = in.schema->nameWords();
    QStringList wanted;
    for (const QString &word : NameSuggester::words(column)) {
        if (!known.contains(word) && !known.contains(word + u's')
            && !(word.endsWith(u's') && known.contains(word.chopped(1))))
            wanted.append(word);
    }
    if (wanted.isEmpty())
        return {};
    QStringList suggestions;
    QStringList withTables;
    for (const SchemaNames::Table &table : in.schema->tables) {
        for (const QString &real : table.columns) {
            if (suggestions.size() >= MaxSuggestions)
                break;
            bool alike = false;
            for (const QString &word : NameSuggester::words(real)) {
                for (const QString &own : wanted)
                    alike = alike || sameStem(word, own);
            }
            if (!alike || suggestions.contains(real, Qt::CaseInsensitive))
                continue;
            suggestions.append(real);
            QStringList holders;
            for (const QString &holder : in.schema->tablesWithColumn(real))
                holders.append(baseName(holder));
            withTables.append(Advisor::tr("%1 (in %2)").arg(real, holders.join(u", ")));
        }
    }
    if (suggestions.isEmpty())
        return {};
    return {Advisor::tr("The column %1 does not exist, and no real column is spelled like it. "
                        "Columns named with a word of the same stem: %2.")
                    .arg(code(wrong), joinedNames(withTables)),
            suggestions};
}

// YEAR in TIMESTAMPDIFF(YEAR, a, b) or DATEDIFF(day, a, b), where the engine has no such function
// and reads the unit as a column.
Step unitArgumentStep(const Input &in, const QueryScope &scope, const QString &column)
{
    static const QStringList units = {u"year"_s,        u"month"_s,  u"day"_s,  u"hour"_s,
                                      u"minute"_s,      u"second"_s, u"week"_s, u"quarter"_s,
                                      u"microsecond"_s, u"yy"_s,     u"mm"_s,   u"dd"_s};
    if (!units.contains(column.toLower()))
        return {};
    const QList<SqlToken> &tokens = scope.tokens;
    for (qsizetype i = 2; i + 1 < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(column) || tokens.at(i - 1).kind != SqlTokenKind::OpenParen
            || tokens.at(i - 2).kind != SqlTokenKind::Word
            || tokens.at(i + 1).kind != SqlTokenKind::Comma)
            continue;
        const QString function = tokens.at(i - 2).name;
        if (isKnownFunction(in.engine, function, in.schema))
            continue;
        const QString equivalent = equivalentFor(in.engine, function);
        if (!equivalent.isEmpty()) {
            return {Advisor::tr("%1 is the unit argument of %2, which %3 does not have, so it "
                                "reads %1 as a column. Use %4 instead.")
                            .arg(code(column), code(function.toUpper()), dialect(in.engine),
                                 code(equivalent)),
                    {}};
        }
        return {Advisor::tr("%1 is the unit argument of %2, which %3 does not have, so it reads "
                            "%1 as a column. Rewrite it with %3's own date functions.")
                        .arg(code(column), code(function.toUpper()), dialect(in.engine)),
                {}};
    }
    return {};
}

// The key of a table: its declared primary key, or else the one column named for the table
// with "id" (StuID in Student).
QString keyColumnOf(const SchemaNames::Table &table)
{
    if (table.primaryKey.size() == 1)
        return table.realColumn(table.primaryKey.constFirst());
    if (!table.primaryKey.isEmpty())
        return {};
    QString key;
    for (const QString &column : table.columns) {
        QStringList words = NameSuggester::words(column);
        if (words.size() < 2 || words.constLast() != u"id")
            continue;
        words.removeLast();
        const QString stem = words.join(QString());
        if (!table.name.startsWith(stem, Qt::CaseInsensitive))
            continue;
        if (!key.isEmpty())
            return {}; // two of them: none is the key
        key = column;
    }
    return key;
}

// Names written by convention instead of from the schema, looked for in the query's tables: `id`
// for a table keyed by `StuID`, `battle_id` for the column that links to `battle` (a foreign key
// such as `ship.lost_in_battle`), a column's word prefixed with the table's name
// (`Paragraph_Details` for `Other_Details`). Empty when none applies.
Step conventionalColumns(const Input &in, const QueryScope &scope, const QString &wrong,
                         const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    QList<const SchemaNames::Table *> tables;
    const auto addTable = [&](QStringView name) {
        const SchemaNames::Table *table = schema.findTable(name);
        if (table && !tables.contains(table))
            tables.append(table);
    };
    if (!qualifier.isEmpty()) {
        const QueryScope::Source *source = scope.find(qualifier);
        addTable(source && !source->derived ? QStringView(source->table) : QStringView(qualifier));
    } else {
        // The tables of the SELECT that uses the name (the nearest one around it that has any),
        // else all of the query's.
        int block = -1;
        for (const QueryScope::Reference &reference : scope.references) {
            if (reference.qualifier.isEmpty()
                && reference.column.compare(column, Qt::CaseInsensitive) == 0) {
                block = reference.block;
                break;
            }
        }
        while (block >= 0 && tables.isEmpty()) {
            for (const QueryScope::Source &source : scope.sources) {
                if (!source.derived && source.block == block)
                    addTable(source.table);
            }
            block = block < scope.parentOf.size() ? scope.parentOf.at(block) : -1;
        }
        if (tables.isEmpty()) {
            for (const QueryScope::Source &source : scope.sources) {
                if (!source.derived)
                    addTable(source.table);
            }
        }
    }
    if (tables.isEmpty())
        return {};

    QStringList suggestions;
    QStringList shown;
    const auto add = [&](const SchemaNames::Table &table, const QString &name) {
        if (name.isEmpty() || suggestions.size() >= MaxSuggestions)
            return;
        const QString qualified = table.name + u'.' + name;
        if (!shown.contains(code(qualified))) {
            suggestions.append(name);
            shown.append(code(qualified));
        }
    };
    const QStringList words = NameSuggester::words(column);

    // `id`: the key of each table of the query.
    if (words == QStringList{u"id"_s}) {
        for (const SchemaNames::Table *table : std::as_const(tables))
            add(*table, keyColumnOf(*table));
        if (!suggestions.isEmpty()) {
            return {Advisor::tr("No table of the query has a column %1; their keys are named for "
                                "them: %2.")
                            .arg(code(wrong), joinedNames(shown)),
                    suggestions};
        }
        return {};
    }
    // `battle_id`: what links the query's tables to the table battle.
    if (words.size() >= 2 && words.constLast() == u"id") {
        const SchemaNames::Table *target = schema.tableNamedBy(column);
        if (target) {
            for (const SchemaNames::Table *table : std::as_const(tables)) {
                for (const SchemaNames::ForeignKey &key : table->foreignKeys) {
                    if (key.columns.size() == 1
                        && key.referencedTable.compare(target->name, Qt::CaseInsensitive) == 0)
                        add(*table, table->realColumn(key.columns.constFirst()));
                }
            }
            const bool linked = !suggestions.isEmpty();
            if (!linked && !tables.contains(target)) {
                // No table of the query refers to it: the way there through other tables.
                QStringList from;
                for (const SchemaNames::Table *table : std::as_const(tables))
                    from.append(table->name);
                const QList<SchemaNames::JoinStep> path = schema.joinPath(from, target->name);
                if (!path.isEmpty()) {
                    QStringList through;
                    for (const SchemaNames::JoinStep &step : path) {
                        if (const SchemaNames::Table *at = schema.findTable(step.fromTable))
                            add(*at, step.fromColumn);
                        if (step.toTable.compare(target->name, Qt::CaseInsensitive) != 0)
                            through.append(step.toTable);
                    }
                    const QString link = code(joinText(path, scope));
                    return {through.isEmpty()
                                    ? Advisor::tr("No table of the query has a column %1. Join "
                                                  "%2: %3.")
                                              .arg(code(wrong), code(target->name), link)
                                    : Advisor::tr("No table of the query has a column %1, and "
                                                  "none refers to %2: it is reached through "
                                                  "%3. Join them: %4.")
                                              .arg(code(wrong), code(target->name),
                                                   joinedNames(through), link),
                            suggestions};
                }
            }
            if (tables.contains(target))
                add(*target, keyColumnOf(*target));
            if (!suggestions.isEmpty()) {
                return {linked ? Advisor::tr("No table of the query has a column %1. What links "
                                             "them to %2 is %3 (a foreign key to %2).")
                                         .arg(code(wrong), code(target->name), joinedNames(shown))
                               : Advisor::tr("No table of the query has a column %1; the key of "
                                             "%2 is %3.")
                                         .arg(code(wrong), code(target->name), joinedNames(shown)),
                        suggestions};
            }
        }
    }
    // A word of the name that is not a table's: the query's columns that have it.
    QStringList tableWords;
    for (const SchemaNames::Table *table : std::as_const(tables))
        tableWords += NameSuggester::words(table->name);
    QStringList telling;
    for (const QString &word : words) {
        bool ofTable = false;
        for (const QString &tableWord : std::as_const(tableWords))
            ofTable = ofTable || NameSuggester::namesTable(word, tableWord);
        if (word.size() >= 3 && word != u"id" && !ofTable)
            telling.append(word);
    }
    if (telling.isEmpty())
        return {};
    QList<std::pair<const SchemaNames::Table *, QString>> found;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        for (const QString &candidate : table->columns) {
            const QStringList candidateWords = NameSuggester::words(candidate);
            for (const QString &word : std::as_const(telling)) {
                if (candidateWords.contains(word)) {
                    found.append({table, candidate});
                    break;
                }
            }
        }
    }
    if (found.isEmpty() || found.size() > MaxSuggestions)
        return {};
    for (const auto &[table, candidate] : std::as_const(found))
        add(*table, candidate);
    return {Advisor::tr("The column %1 does not exist. The query's tables have %2, named with the "
                        "same word.")
                    .arg(code(wrong), joinedNames(shown)),
            suggestions};
}

// qualifier.column where the qualifier stands for a WITH query that has no such column: its
// columns, and the WITH query or table that has it.
Step cteColumnStep(const Input &in, const QueryScope &scope, const QString &qualifier,
                   const QString &column)
{
    if (qualifier.isEmpty() || scope.cteNames.isEmpty())
        return {};
    const auto reference =
            std::find_if(scope.references.cbegin(), scope.references.cend(), [&](const auto &r) {
                return !r.qualifier.compare(qualifier, Qt::CaseInsensitive)
                        && !r.column.compare(column, Qt::CaseInsensitive);
            });
    if (reference == scope.references.cend())
        return {};
    const QueryScope::Source *source = scope.find(qualifier, reference->block);
    if (!source || source->block != reference->block || !source->derived
        || !scope.cteNames.contains(source->table, Qt::CaseInsensitive))
        return {};
    const QStringList columns = scope.cteColumns(source->table);
    if (columns.isEmpty() || columns.contains(column, Qt::CaseInsensitive))
        return {};
    QStringList quoted;
    for (const QString &c : columns)
        quoted.append(code(c));
    QString text = Advisor::tr("%1 stands for the WITH query %2, whose columns are %3.")
                           .arg(code(qualifier), code(source->table), quoted.join(u", "_s));
    // Another WITH query of the statement that returns it, under its name in this block.
    for (const QueryScope::Source *other : scope.visible(reference->block)) {
        if (other == source || !other->derived
            || !scope.cteNames.contains(other->table, Qt::CaseInsensitive))
            continue;
        if (scope.cteColumns(other->table).contains(column, Qt::CaseInsensitive)) {
            const QString written = other->alias + u'.' + column;
            return {text + u' '
                            + Advisor::tr("%1 returns %2: write %3.")
                                      .arg(code(other->table), code(column), code(written)),
                    {written}};
        }
    }
    QStringList holders;
    if (in.schema) {
        for (const SchemaNames::Table &table : in.schema->tables) {
            if (table.hasColumn(column))
                holders.append(table.name);
        }
    }
    if (holders.isEmpty())
        return {text, {}};
    return {text + u' '
                    + Advisor::tr("%1 is a column of %2: select it in %3's SELECT list, or join "
                                  "%2 here.")
                              .arg(code(column), joinedNames(holders), code(source->table)),
            {}};
}

// A bare name no column is like, where a value stands: compared with a column or a call
// (tonnage = t, LOWER(name) <> Kyle) or in the list of an IN after a column. It reads as a text
// value written without its quotes.
Step unquotedValueStep(const Input &in, const QueryScope &scope, const QString &column)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const auto isComparison = [&](qsizetype i) {
        if (i < 0)
            return false;
        const SqlToken &t = tokens.at(i);
        if (t.isWord(u"LIKE"))
            return true;
        return t.kind == SqlTokenKind::Operator && isComparisonOperator(t.text(in.statement));
    };
    // A column reference ends at i: a name, or qualifier.name.
    const auto endsColumn = [&](qsizetype i) {
        return i >= 0 && tokens.at(i).isIdentifier() && !tokens.at(i).isSqlKeyword();
    };
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty()
            || reference.column.compare(column, Qt::CaseInsensitive) != 0)
            continue;
        const qsizetype at = reference.token;
        // A name in double quotes where they name columns (PostgreSQL): "paid" written as a value.
        const bool doubleQuoted = tokens.at(at).kind == SqlTokenKind::QuotedIdentifier
                && tokens.at(at).text(in.statement).startsWith(u'"')
                && EngineRegistry::forEngine(in.engine).doubleQuotedValueIsColumn();
        if (tokens.at(at).kind != SqlTokenKind::Word && !doubleQuoted)
            continue; // another quoted name (backquotes, brackets)
        const qsizetype before = at - 1;
        bool value = false;
        if (isComparison(before)) {
            value = endsColumn(before - 1)
                    || (before >= 1 && tokens.at(before - 1).kind == SqlTokenKind::CloseParen);
        } else if (before >= 0
                   && (tokens.at(before).kind == SqlTokenKind::Comma
                       || tokens.at(before).kind == SqlTokenKind::OpenParen)) {
            // Back to the list's '(': only values and commas on the way, then IN and a column.
            qsizetype i = before;
            while (i >= 0 && tokens.at(i).kind != SqlTokenKind::OpenParen)
                --i;
            value = i >= 2 && tokens.at(i - 1).isWord(u"IN") && endsColumn(i - 2);
            for (qsizetype j = i + 1; value && j < at; ++j) {
                const SqlTokenKind kind = tokens.at(j).kind;
                value = kind == SqlTokenKind::Comma || kind == SqlTokenKind::String
                        || kind == SqlTokenKind::Number
                        || (tokens.at(j).isIdentifier() && !tokens.at(j).isSqlKeyword());
            }
        }
        if (!value)
            continue;
        const QString written = tokens.at(at).text(in.statement).toString();
        QString literal = doubleQuoted ? tokens.at(at).name : written;
        literal.replace(u'\'', u"''"_s);
        if (doubleQuoted) {
            return {Advisor::tr("%1 stands where a value is compared, and no column is named like "
                                "it: in %2, double quotes name a column. If it is a text value, "
                                "write it in single quotes: %3.")
                            .arg(code(written), dialect(in.engine), code(u'\'' + literal + u'\'')),
                    {}};
        }
        return {Advisor::tr("%1 stands where a value is compared, and no column is named like it. "
                            "If it is a text value, write it in single quotes: %2.")
                        .arg(code(written), code(u'\'' + literal + u'\'')),
                {}};
    }
    return {};
}

// A qualifier that only a subquery defines, used outside it ("o.total = (SELECT max(o.total)
// FROM orders o) AND o.status = 'paid'"): a block's names are not seen outside it. Names the
// tables of the place it is used that read the same table, with the column where the schema
// (or no schema) allows it. Empty when the qualifier is seen where it is used, or defined nowhere.
Step subqueryAliasStep(const Input &in, const QueryScope &scope, const QString &qualifier,
                       const QString &column)
{
    if (qualifier.isEmpty())
        return {};
    const auto same = [](QStringView a, QStringView b) {
        return a.compare(b, Qt::CaseInsensitive) == 0;
    };
    const QueryScope::Source *inner = nullptr;
    for (const QueryScope::Source &source : scope.sources) {
        if (same(source.alias, qualifier))
            inner = &source;
    }
    if (!inner)
        return {};
    for (const QueryScope::Reference &reference : scope.references) {
        if (!same(reference.qualifier, qualifier)
            || (!column.isEmpty() && !same(reference.column, column)))
            continue;
        const QList<const QueryScope::Source *> seen = scope.visible(reference.block);
        if (std::any_of(seen.cbegin(), seen.cend(), [&](const QueryScope::Source *source) {
                return same(source->alias, qualifier);
            }))
            continue; // seen where it is used
        const SchemaNames::Table *table =
                in.schema && !inner->derived ? in.schema->findTable(inner->table) : nullptr;
        const QString real = table && table->hasColumn(reference.column)
                ? table->realColumn(reference.column)
                : reference.column;
        QStringList aliases;
        QStringList spellings;
        for (const QueryScope::Source *source : seen) {
            if (!source->derived && !inner->derived && same(source->table, inner->table)) {
                aliases.append(source->alias);
                spellings.append(source->alias + u'.' + real);
            }
        }
        const QString text = Advisor::tr("The alias %1 is defined only inside a subquery (for "
                                         "%2), and a subquery's names are not seen outside it.")
                                     .arg(code(qualifier), code(inner->table));
        if (!spellings.isEmpty()) {
            return {text + u' '
                            + Advisor::tr("Where %1 is used, the query reads that table as %2: "
                                          "write %3.")
                                      .arg(code(qualifier + u'.' + reference.column),
                                           alternatives(aliases), alternatives(spellings)),
                    spellings};
        }
        return {text + u' '
                        + Advisor::tr("Join that table where %1 is used, or move the condition "
                                      "into the subquery.")
                                  .arg(code(qualifier + u'.' + reference.column)),
                {}};
    }
    return {};
}

// A name the SELECT list gives a result (count(*) AS n), used in the WHERE of its own block:
// WHERE is worked out before the SELECT list, so the name does not exist there yet. Empty when the
// name is used nowhere in a WHERE.
Step outputAliasInWhereStep(const Input &in, const QueryScope &scope, const QString &column)
{
    if (!scope.isOutputAlias(column))
        return {};
    for (const QueryScope::Reference &reference : scope.references) {
        if (!reference.qualifier.isEmpty()
            || reference.column.compare(column, Qt::CaseInsensitive) != 0)
            continue;
        // The clause of its block it stands in: the nearest clause word before it, outside the
        // parentheses it is in.
        int clause = 0;
        const int depth = scope.depthOf.at(reference.token);
        for (qsizetype i = reference.token - 1; i >= 0 && clause == 0; --i) {
            if (scope.blockAt(i) == reference.block && scope.depthOf.at(i) <= depth)
                clause = QueryScope::clauseRank(scope.tokens, i);
        }
        if (QueryScope::clauseName(clause) != u"WHERE")
            continue;
        return {Advisor::tr("%1 is the name the SELECT list gives a result, and WHERE is worked "
                            "out before the SELECT list, so it cannot use that name. Repeat the "
                            "expression in WHERE (a condition on an aggregate belongs in HAVING), "
                            "or select from a subquery that computes it: %2.")
                        .arg(code(column),
                             code(u"SELECT * FROM (SELECT ..., ... AS "_s + column
                                  + u" FROM ...) AS t WHERE "_s + column + u" ..."_s)),
                {}};
    }
    return {};
}

// qualifier.column set equal to the same column of another table of the query (ON T1.x = T2.x)
// where the qualifier's table lacks it: the model took the column for a key the two tables share.
// Qualified with the other table, the condition would compare that column with itself. What links
// them instead: the qualifier's own foreign keys onto that column, the one key between the two
// tables, or the way through its keys to a table the query does not read that has the column.
// Empty when the reference is set against nothing of the kind, or when no key leads anywhere.
Step comparedAsSharedKey(const Input &in, const QueryScope &scope, const QueryScope::Source &named,
                         const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    const SchemaNames::Table *table = named.derived ? nullptr : schema.findTable(named.table);
    if (!table)
        return {};
    // A join condition (or WHERE conjunct) that sets it equal to the column of that name of
    // another table of the query that has it.
    const auto names = [&](const QString &q, const QString &c) {
        return q.compare(qualifier, Qt::CaseInsensitive) == 0
                && c.compare(column, Qt::CaseInsensitive) == 0;
    };
    const QueryScope::Source *other = nullptr;
    for (const QueryScope::Equality &equality : scope.equalities) {
        const bool left = names(equality.leftQualifier, equality.leftColumn);
        if (left == names(equality.rightQualifier, equality.rightColumn))
            continue;
        const QString &otherColumn = left ? equality.rightColumn : equality.leftColumn;
        const QueryScope::Source *source =
                scope.find(left ? equality.rightQualifier : equality.leftQualifier, equality.block);
        const SchemaNames::Table *sourceTable =
                source && !source->derived ? schema.findTable(source->table) : nullptr;
        if (otherColumn.compare(column, Qt::CaseInsensitive) == 0 && source != &named && sourceTable
            && sourceTable->hasColumn(column)) {
            other = source;
            break;
        }
    }
    if (!other)
        return {};
    const SchemaNames::Table *otherTable = schema.findTable(other->table);
    const QString real = otherTable->realColumn(column);
    const QString compared = other->alias + u'.' + real;

    // The one-column foreign keys of one table onto the other: (its column, the other's).
    const auto keysOnto = [](const SchemaNames::Table &from, const SchemaNames::Table &to) {
        QList<std::pair<QString, QString>> pairs;
        for (const SchemaNames::ForeignKey &key : from.foreignKeys) {
            const QStringList onto =
                    key.referencedColumns.isEmpty() ? to.primaryKey : key.referencedColumns;
            if (key.columns.size() == 1 && onto.size() == 1
                && key.referencedTable.compare(to.name, Qt::CaseInsensitive) == 0)
                pairs.append({from.realColumn(key.columns.constFirst()),
                              to.realColumn(onto.constFirst())});
        }
        return pairs;
    };
    const QList<std::pair<QString, QString>> forward = keysOnto(*table, *otherTable);
    const QList<std::pair<QString, QString>> backward = keysOnto(*otherTable, *table);
    const QString text = Advisor::tr("The column %1 is not in %2, and the condition sets it equal "
                                     "to %3: qualified as %3, it would compare that column with "
                                     "itself.")
                                 .arg(code(column), sourceLabel(named), code(compared));

    // The qualifier's table refers to that very column under its own names (flights'
    // SourceAirport and DestAirport onto airports.AirportCode).
    QStringList keys;
    for (const auto &[own, theirs] : forward) {
        if (theirs.compare(real, Qt::CaseInsensitive) == 0)
            keys.append(named.alias + u'.' + own);
    }
    if (!keys.isEmpty()) {
        return {text + u' '
                        + Advisor::tr("%1 refers to it through its own keys: compare %2 with "
                                      "%3.")
                                  .arg(code(table->name), code(compared), alternatives(keys)),
                keys};
    }
    // The one key between the two tables on other columns, either way: the join the model meant
    // (Documents.Template_ID onto Templates, where it compared their Template_Type_Code).
    if (forward.size() + backward.size() == 1) {
        const QString own = named.alias + u'.'
                + (forward.isEmpty() ? backward.constFirst().second : forward.constFirst().first);
        const QString theirs = other->alias + u'.'
                + (forward.isEmpty() ? backward.constFirst().first : forward.constFirst().second);
        return {text + u' '
                        + Advisor::tr("The key that links %1 and %2 is %3: join on it instead.")
                                  .arg(code(table->name), code(otherTable->name),
                                       code(own + u" = "_s + theirs)),
                {own}};
    }
    // Through the qualifier's keys to a table the query does not read that has the column.
    const QStringList read = scope.tables();
    const SchemaNames::JoinPaths paths = schema.joinPaths({table->name});
    QList<SchemaNames::JoinStep> shortest;
    const SchemaNames::Table *holder = nullptr;
    for (const SchemaNames::Table &candidate : schema.tables) {
        if (!candidate.hasColumn(column) || read.contains(candidate.name, Qt::CaseInsensitive))
            continue;
        const QList<SchemaNames::JoinStep> path = paths.to(candidate.name);
        if (!path.isEmpty() && (shortest.isEmpty() || path.size() < shortest.size())) {
            shortest = path;
            holder = &candidate;
        }
    }
    if (!holder)
        return {};
    const QString through = holder->name + u'.' + holder->realColumn(column);
    return {text + u' '
                    + Advisor::tr("%1 reaches the column through its keys: %2, then compare %3 "
                                  "with %4.")
                              .arg(code(table->name), code(joinText(shortest, scope)),
                                   code(through), code(compared)),
            {through}};
}

// The column exists, verbatim, in tables the query did not name where it used it: say where, and
// how to reach them. Empty when the schema holds it nowhere.
Step whereColumnLives(const Input &in, const QueryScope &scope, const QString &wrong,
                      const QString &qualifier, const QString &column)
{
    const SchemaNames &schema = *in.schema;
    QStringList holders;
    for (const SchemaNames::Table &table : schema.tables) {
        if (table.hasColumn(column))
            holders.append(table.name);
    }
    if (holders.isEmpty())
        return {};
    const QString real = schema.findTable(holders.constFirst())->realColumn(column);

    // Tables of the query that have it, under their aliases.
    QList<const QueryScope::Source *> inScope;
    for (const QueryScope::Source &source : scope.sources) {
        if (!source.derived && holders.contains(source.table, Qt::CaseInsensitive)
            && (qualifier.isEmpty() || source.alias.compare(qualifier, Qt::CaseInsensitive) != 0))
            inScope.append(&source);
    }
    const QueryScope::Source *named = qualifier.isEmpty() ? nullptr : scope.find(qualifier);
    QStringList spellings;
    QStringList labels;
    for (const QueryScope::Source *source : std::as_const(inScope)) {
        const QString spelling = source->alias + u'.' + real;
        if (!spellings.contains(spelling)) {
            spellings.append(spelling);
            labels.append(sourceLabel(*source));
        }
    }
    if (!spellings.isEmpty()) {
        QStringList quoted;
        for (const QString &spelling : spellings)
            quoted.append(code(spelling));
        if (named) {
            const Step keyed = comparedAsSharedKey(in, scope, *named, qualifier, column);
            if (!keyed.text.isEmpty())
                return keyed;
            return {Advisor::tr("The column %1 is not in %2, but %3 of the query has it: write %4, "
                                "or join the table that really holds what the question asks for.")
                            .arg(code(column), sourceLabel(*named), labels.join(u", "),
                                 alternatives(spellings)),
                    spellings};
        }
        if (!qualifier.isEmpty()) {
            return {Advisor::tr("The alias %1 is not defined in FROM. %2 of the query has the "
                                "column %3: write %4.")
                            .arg(code(qualifier), labels.join(u", "), code(column),
                                 alternatives(spellings)),
                    spellings};
        }
        return {Advisor::tr("The column %1 is in %2, which this part of the query cannot see: "
                            "qualify it as %3 where that table is in FROM, or join it here.")
                        .arg(code(column), labels.join(u", "), alternatives(spellings)),
                spellings};
    }

    // Not in the query at all: name the tables that have it and the way to join them.
    QStringList from = scope.tables();
    if (named && !named->derived && !from.contains(named->table, Qt::CaseInsensitive))
        from.append(named->table);
    QString join;
    QString target = holders.constFirst();
    // The holder the shortest join reaches (the first of them in the schema's order).
    const SchemaNames::JoinPaths paths = schema.joinPaths(from);
    QList<SchemaNames::JoinStep> shortest;
    for (const QString &holder : std::as_const(holders)) {
        const QList<SchemaNames::JoinStep> path = paths.to(holder);
        if (!path.isEmpty() && (shortest.isEmpty() || path.size() < shortest.size())) {
            shortest = path;
            target = holder;
        }
    }
    if (!shortest.isEmpty())
        join = joinText(shortest, scope);
    // A column that most tables of a large schema have (name, created_at): the table joined
    // first, then the first others, and how many more.
    QStringList shown = holders;
    QString holderNames = joinedNames(holders);
    if (holders.size() > MaxHolderNames) {
        shown = QStringList{target};
        for (const QString &holder : std::as_const(holders)) {
            if (shown.size() < MaxHolderNames && holder != target)
                shown.append(holder);
        }
        holderNames = Advisor::tr("%1 and %n more", nullptr, int(holders.size() - shown.size()))
                              .arg(joinedNames(shown));
    }
    QStringList qualified;
    for (const QString &holder : std::as_const(shown))
        qualified.append(holder + u'.' + real);
    QString where;
    if (named && !named->derived)
        where = Advisor::tr("The column %1 is not in %2; it is in %3.")
                        .arg(code(column), sourceLabel(*named), holderNames);
    else if (!qualifier.isEmpty() && !named)
        where = Advisor::tr("The alias %1 is not defined in FROM, and the column %2 is in %3.")
                        .arg(code(qualifier), code(column), holderNames);
    else if (!from.isEmpty())
        where = Advisor::tr("The column %1 is not in the tables of the query (%2); it is in %3.")
                        .arg(code(column), joinedNames(from), holderNames);
    else
        where = Advisor::tr("The column %1 is in %2.").arg(code(wrong), holderNames);
    if (!join.isEmpty()) {
        return {where + u' '
                        + Advisor::tr("Join %1 to reach it: %2, then use %3.")
                                  .arg(code(target), code(join), code(target + u'.' + real)),
                qualified};
    }
    return {where + u' '
                    + Advisor::tr("Add %1 to FROM with a join condition on the key that links it "
                                  "to the query's tables, then use %2.")
                              .arg(code(target), code(target + u'.' + real)),
            qualified};
}

// JOIN ... USING (x) where a table of the query has no x: the columns that link the tables
// instead. Empty when every table has it.
Step usingJoinStep(const Input &in, const QueryScope &scope, const QString &column)
{
    QList<const SchemaNames::Table *> tables;
    for (const QueryScope::Source &source : scope.sources) {
        const SchemaNames::Table *table =
                source.derived ? nullptr : in.schema->findTable(source.table);
        if (table && !tables.contains(table))
            tables.append(table);
    }
    QStringList lacking;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        if (!table->hasColumn(column))
            lacking.append(table->name);
    }
    if (lacking.isEmpty())
        return {};
    QStringList links;
    for (const SchemaNames::Table *table : std::as_const(tables)) {
        for (const SchemaNames::ForeignKey &key : table->foreignKeys) {
            const SchemaNames::Table *to = in.schema->findTable(key.referencedTable);
            if (key.columns.size() != 1 || !to || to == table || !tables.contains(to)
                || !(lacking.contains(table->name) || lacking.contains(to->name)))
                continue;
            const QString toColumn = key.referencedColumns.size() == 1
                    ? key.referencedColumns.constFirst()
                    : (to->primaryKey.size() == 1 ? to->primaryKey.constFirst() : QString());
            if (toColumn.isEmpty() || links.size() >= MaxSuggestions)
                continue;
            links.append(u"%1.%2 = %3.%4"_s.arg(table->name,
                                                table->realColumn(key.columns.constFirst()),
                                                to->name, to->realColumn(toColumn)));
        }
    }
    const QString head = Advisor::tr("USING (%1) needs a column %1 on both sides of the "
                                     "join; %2 has none.")
                                 .arg(code(column), joinedNames(lacking));
    if (links.isEmpty())
        return {head + u' ' + Advisor::tr("Join with ON on the columns that link the tables."), {}};
    return {head + u' '
                    + Advisor::tr("Join with ON on the columns that link the tables: %1.")
                              .arg(alternatives(links)),
            links};
}

Step columnMissingStep(const Input &in)
{
    const std::optional<RuleMatch> found = in.first({u"column/of-relation",
                                                     u"column/quoted-does-not-exist",
                                                     u"column/does-not-exist",
                                                     u"column/has-no-column-named",
                                                     u"column/unknown-column",
                                                     u"column/no-such-column",
                                                     u"column/cannot-be-resolved",
                                                     u"column/missing-columns",
                                                     u"column/unknown-identifier",
                                                     u"column/failed-to-find-column",
                                                     u"column/referenced-column-not-found",
                                                     u"column/invalid-identifier-quoted",
                                                     u"column/invalid-identifier",
                                                     u"column/invalid-column-name",
                                                     u"column/not-found-in-any-table",
                                                     u"column/could-not-be-found",
                                                     u"column/unknown",
                                                     u"column/identifier-unknown",
                                                     u"column/unrecognized-name",
                                                     u"column/invalid-column",
                                                     u"column/cannot-join-using",
                                                     u"column/order-by-term",
                                                     u"column/position-out-of-range"});
    if (!found) {
        return {Advisor::tr("A column the query names does not exist. Check the real column names "
                            "of the tables in the schema and use one of them; do not guess "
                            "another name."),
                {}};
    }
    if (found->is(u"column/order-by-term")) {
        return {Advisor::tr("ORDER BY term %1 names no column of the result. Order by a column "
                            "the SELECT list returns (in a UNION, by its output columns), or by "
                            "its position.")
                        .arg(found->capture(Capture::Token)),
                {}};
    }
    if (found->is(u"column/position-out-of-range")) {
        return {Advisor::tr("A number after %1 names an output column by its position, and the "
                            "SELECT list has fewer columns than that. Name the column (or write "
                            "the expression) instead of the number, or give a position the "
                            "SELECT list has.")
                        .arg(code(found->capture(Capture::Operator))),
                {}};
    }
    const QString name = found->capture(Capture::Name);
    if (looksLikeStatement(unquoted(name))) {
        return {Advisor::tr("The statement is written inside backticks, which quote a single "
                            "name. Answer with the SQL itself, without backticks or prose around "
                            "it."),
                {}};
    }
    const QString wrong = unquoted(name);
    if (quotedAsOneName(in.statement, wrong)) {
        const QString qualifier = qualifierOf(wrong);
        const QString column = baseName(wrong);
        return {Advisor::tr("%1 in quotes is one name, not a column of %2. Quote each part on its "
                            "own (%3) or leave the quotes out (%4).")
                        .arg(code(wrong), code(qualifier),
                             code(quotedIdentifier(in.engine, qualifier) + u'.'
                                  + quotedIdentifier(in.engine, column)),
                             code(qualifier + u'.' + column)),
                {qualifier + u'.' + column}};
    }
    const QString tableHint = unquoted(found->capture(Capture::Table));
    const QString column = baseName(wrong);
    const QString qualifier = qualifierOf(wrong);

    const QueryScope &scope = in.scope();
    // An alias of a subquery used outside it; a SELECT list's name used in WHERE.
    if (!qualifier.isEmpty()) {
        const Step outside = subqueryAliasStep(in, scope, qualifier, column);
        if (!outside.text.isEmpty())
            return outside;
    } else {
        const Step early = outputAliasInWhereStep(in, scope, column);
        if (!early.text.isEmpty())
            return early;
    }
    if (in.schema) {
        if (found->is(u"column/cannot-join-using")) {
            const Step joined = usingJoinStep(in, scope, column);
            if (!joined.text.isEmpty())
                return joined;
        }
        // engine: where names are case-sensitive, a column that differs only by case is a typo.
        if (EngineRegistry::forEngine(in.engine).caseSensitiveNames()) {
            QStringList spellings;
            for (const SchemaNames::Table &table : in.schema->tables) {
                const QString real = table.realColumn(column);
                if (!real.isEmpty() && real != column && !spellings.contains(real))
                    spellings.append(real);
            }
            if (!spellings.isEmpty()) {
                return {Advisor::tr("%1 tells names apart by letter case: the column is spelled "
                                    "%2, not %3.")
                                .arg(dialect(in.engine), joinedNames(spellings), code(column)),
                        spellings};
            }
        }
        // `id` where the query's tables have keys named for them (StuID): the model wrote the
        // convention, not the name, whatever other tables have a column `id`.
        if (column.compare(u"id", Qt::CaseInsensitive) == 0) {
            const Step key = conventionalColumns(in, scope, wrong, qualifier, column);
            if (!key.text.isEmpty())
                return key;
        }
        // TIMESTAMPDIFF(YEAR, ...): the unit, not a column (even where a table has a Year).
        if (qualifier.isEmpty()) {
            const Step unit = unitArgumentStep(in, scope, column);
            if (!unit.text.isEmpty())
                return unit;
        }
        // A WITH query's name before a column it does not return.
        const Step cte = cteColumnStep(in, scope, qualifier, column);
        if (!cte.text.isEmpty())
            return cte;
        // A column that exists verbatim elsewhere is a join or qualifier problem, not a typo.
        const Step where = whereColumnLives(in, scope, wrong, qualifier, column);
        if (!where.text.isEmpty())
            return where;
        QStringList preferred;
        if (!tableHint.isEmpty() && in.schema->findTable(tableHint))
            preferred.append(tableHint);
        if (!qualifier.isEmpty()) {
            const QueryScope::Source *source = scope.find(qualifier);
            const QString table = source && !source->derived ? source->table : qualifier;
            if (in.schema->findTable(table))
                preferred.append(table);
        }
        const Step closest = closestColumns(in, wrong, column, preferred);
        if (!closest.text.isEmpty())
            return closest;
        const Step conventional = conventionalColumns(in, scope, wrong, qualifier, column);
        if (!conventional.text.isEmpty())
            return conventional;
        const Step stem = sameStemColumns(in, wrong, column);
        if (!stem.text.isEmpty())
            return stem;
    }
    // PostgreSQL reads "Ann" in double quotes as a column; a text value needs single quotes.
    const bool looksLikeValue = EngineRegistry::forEngine(in.engine).doubleQuotedValueIsColumn()
            && name.size() && in.text.contains(u'"' + name + u'"')
            && (column.contains(u' ') || (column.size() && column.front().isUpper()));
    if (looksLikeValue) {
        return {Advisor::tr("The column %1 does not exist. If %1 is meant as a text value, write "
                            "it in single quotes ('%2'): in %3, double quotes name a column.")
                        .arg(code(wrong), column, dialect(in.engine)),
                {}};
    }
    // Typographic quotes are not SQL quotes.
    if (column.startsWith(QChar(0x201C)) || column.startsWith(QChar(0x2018))) {
        return {Advisor::tr("%1 is written with typographic quotes, which SQL reads as part of a "
                            "name. Write a text value in plain single quotes.")
                        .arg(code(column)),
                {}};
    }
    if (in.schema && qualifier.isEmpty()) {
        const Step value = unquotedValueStep(in, scope, column);
        if (!value.text.isEmpty())
            return value;
    }
    if (in.schema) {
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

// name as it is, then its singular forms when it reads as an English plural ("countries":
// "country"; "states": "state"; "boxes": "box").
QStringList singularAndPlain(const QString &name)
{
    QStringList forms{name};
    const auto endsWith = [&name](QStringView suffix) {
        return name.size() > suffix.size() + 2 && name.endsWith(suffix, Qt::CaseInsensitive);
    };
    if (endsWith(u"ies"))
        forms.append(name.chopped(3) + (name.back().isUpper() ? u'Y' : u'y'));
    if (endsWith(u"es"))
        forms.append(name.chopped(2));
    if (endsWith(u"s") && !endsWith(u"ss"))
        forms.append(name.chopped(1));
    return forms;
}

Step tableMissingStep(const Input &in)
{
    if (const auto alias = in.first(
                {u"relation/missing-from-clause-entry", u"relation/multi-part-identifier"})) {
        const QString name = unquoted(alias->capture(Capture::Name));
        const QueryScope &scope = in.scope();
        const Step outside = subqueryAliasStep(in, scope, name, {});
        if (!outside.text.isEmpty())
            return outside;
        QString text = Advisor::tr("The table or alias %1 is used but not defined in FROM. Add its "
                                   "table to FROM or JOIN with the alias %1, or use the alias the "
                                   "FROM clause already defines.")
                               .arg(code(name));
        QStringList defined;
        for (const QueryScope::Source &source : scope.sources) {
            if (!source.derived || source.alias != source.table)
                defined.append(
                        Advisor::tr("%1 for %2")
                                .arg(code(source.alias),
                                     code(source.table.isEmpty() ? source.alias : source.table)));
        }
        if (!defined.isEmpty())
            text += u' ' + Advisor::tr("Defined: %1.").arg(defined.join(u", "));
        return {text, {}};
    }
    if (const auto missingSchema = in.first({u"schema/does-not-exist", u"schema/unknown-database",
                                             u"schema/schema-does-not-exist"})) {
        const QString wrong = unquoted(missingSchema->capture(Capture::Name));
        const QStringList suggestions = in.schema
                ? NameSuggester::closest(wrong, schemaNamesOf(*in.schema), MaxSuggestions)
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
    const auto found = in.first(
            {u"relation/does-not-exist", u"relation/table-doesnt-exist", u"relation/unknown-table",
             u"relation/no-such-table", u"relation/table-does-not-exist-quoted",
             u"relation/table-doesnt-exist-unquoted", u"relation/invalid-object-name",
             u"relation/ungueltiger-objektname", u"relation/object-does-not-exist",
             u"relation/not-found-table", u"relation/table-not-found-schema",
             u"relation/table-or-view-not-found", u"relation/catalog-error",
             u"relation/table-does-not-exist"});
    if (!found) {
        return {Advisor::tr("A table the query names does not exist. Check the schema for the "
                            "real table name (and its schema prefix) instead of guessing."),
                {}};
    }
    const QString object = found->capture(Capture::Object);
    const QString wrong = object.isEmpty()
            ? unquoted(found->capture(Capture::Name))
            : unquoted(object) + u'.' + unquoted(found->capture(Capture::Name));
    const QString table = baseName(wrong);
    // A ClickHouse JOIN or IN whose right side is a Distributed table runs on each shard,
    // which looks the table up in its own database ("Table shard2.orders doesn't exist").
    if (EngineRegistry::forEngine(in.engine).shardsResolveNames() && in.schema
        && wrong.contains(u'.') && !in.schema->findTable(wrong) && in.schema->findTable(table)) {
        const QueryScope &scope = in.scope();
        bool joined = false;
        for (qsizetype i = 0; i < scope.tokens.size(); ++i)
            joined = joined || scope.tokens.at(i).isWord(u"JOIN")
                    || scope.tokens.at(i).isWord(u"IN");
        if (joined) {
            return {Advisor::tr("The JOIN (or IN) reads %1 on every shard of a Distributed table, "
                                "where %2 does not exist. Write %3 (or %4): the right side is then "
                                "read once and sent to each shard.")
                            .arg(code(table), code(wrong), code(u"GLOBAL JOIN"_s),
                                 code(u"GLOBAL IN"_s)),
                    {}};
        }
    }
    // An alias read as a table: the alias names its table only in the query block that gives it
    // ("FROM Professionals AS T1 JOIN (SELECT ... FROM T1 ...)").
    if (!wrong.contains(u'.')) {
        const QueryScope &scope = in.scope();
        for (const QueryScope::Source &source : scope.sources) {
            if (source.derived || source.alias.compare(table, Qt::CaseInsensitive) != 0
                || source.table.compare(table, Qt::CaseInsensitive) == 0)
                continue;
            return {Advisor::tr("%1 is an alias of the table %2, given in another part of the "
                                "statement; an alias stands for its table only in the query "
                                "block that gives it. Name the table here: %3.")
                            .arg(code(table), code(source.table),
                                 code(source.table + u" AS "_s + source.alias)),
                    {source.table}};
        }
    }
    const QStringList suggestions = in.schema
            ? NameSuggester::closest(table, in.schema->tableNames(), MaxSuggestions)
            : QStringList();
    // A column's name used as a table, also in the plural (`States` for the column `state`).
    QString columnHint;
    if (in.schema) {
        for (const QString &column : singularAndPlain(table)) {
            QStringList holders;
            for (const QString &holder : in.schema->tablesWithColumn(column))
                holders.append(baseName(holder));
            if (holders.isEmpty())
                continue;
            columnHint = u' '
                    + Advisor::tr("%1 is a column of %2, not a table: select it from there.")
                              .arg(code(column), joinedNames(holders));
            break;
        }
    }
    // Columns named for it (`student` -> `Friend.student_id`), and the tables their foreign keys
    // refer to: the thing the query means, under its real table's name.
    QString namedForHint;
    if (in.schema && columnHint.isEmpty()) {
        const QStringList wanted = NameSuggester::words(table);
        QStringList namedFor;
        QStringList referred;
        for (const SchemaNames::Table &holder : in.schema->tables) {
            for (const QString &column : holder.columns) {
                const QStringList words = NameSuggester::words(column);
                if (wanted.isEmpty() || words.size() <= wanted.size()
                    || words.mid(0, wanted.size()) != wanted || namedFor.size() >= MaxSuggestions)
                    continue;
                namedFor.append(baseName(holder.name) + u'.' + column);
                for (const SchemaNames::ForeignKey &key : holder.foreignKeys) {
                    if (key.columns.size() == 1
                        && key.columns.constFirst().compare(column, Qt::CaseInsensitive) == 0
                        && !referred.contains(baseName(key.referencedTable), Qt::CaseInsensitive))
                        referred.append(baseName(key.referencedTable));
                }
            }
        }
        if (!namedFor.isEmpty()) {
            namedForHint = u' '
                    + (referred.isEmpty()
                               ? Advisor::tr("Columns are named for it: %1.")
                                         .arg(joinedNames(namedFor))
                               : Advisor::tr("Columns are named for it: %1; they refer to %2.")
                                         .arg(joinedNames(namedFor), joinedNames(referred)));
        }
    }
    if (!suggestions.isEmpty()) {
        return {Advisor::tr("The table %1 does not exist. Use one of: %2.")
                                .arg(code(wrong), joinedNames(suggestions))
                        + columnHint + namedForHint,
                suggestions};
    }
    if (in.schema) {
        // Every table of a small schema (Spider's have up to 20-odd): the one the query means
        // may sort late in the alphabet (Students after Student_Enrolment_Courses).
        const QStringList tables = in.schema->tableNames();
        const QStringList listed = tables.mid(0, MaxTablesListed);
        QString tableList = u' ' + Advisor::tr("The tables are: %1.").arg(joinedNames(listed));
        if (tables.size() > listed.size()) {
            tableList = u' '
                    + Advisor::tr("The tables are: %1, and %n more.", nullptr,
                                  int(tables.size() - listed.size()))
                              .arg(joinedNames(listed));
        }
        return {Advisor::tr("The table %1 does not exist, and no real table has a similar name. "
                            "Check which table holds this information in the schema.")
                                .arg(code(wrong))
                        + (columnHint.isEmpty() ? tableList : columnHint) + namedForHint,
                columnHint.isEmpty() ? listed : QStringList()};
    }
    return {Advisor::tr("The table %1 does not exist. Check the schema for the real table name "
                        "(and its schema prefix) instead of guessing.")
                    .arg(code(wrong)),
            {}};
}

// A column that is no date as the argument of a function that reads a part of a date: one of a
// number type (YEAR(c.Year) where Year is an INTEGER), or a text column named for the part (Year
// TEXT for YEAR). The column, its declared type, and how the statement compares the call
// (= 2014), when it does.
struct ColumnUnderDatePart
{
    QString column;
    QString type;
    QString comparison;
    bool number = true; // else text named for the part
    // The example the advice gives: the comparison on the column itself, or the column.
    QString example() const { return comparison.isEmpty() ? column : comparison; }
};

std::optional<ColumnUnderDatePart> columnUnderDatePart(const Input &in, const QString &function)
{
    static const QStringList dateParts = {
            u"year"_s, u"month"_s,   u"day"_s,        u"hour"_s,    u"minute"_s,    u"second"_s,
            u"week"_s, u"quarter"_s, u"dayofmonth"_s, u"weekday"_s, u"dayofweek"_s, u"dayofyear"_s};
    if (!in.schema || in.statement.isEmpty() || !dateParts.contains(function.toLower()))
        return std::nullopt;
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    for (const QueryScope::Reference &reference : scope.references) {
        const qsizetype first =
                reference.qualifier.isEmpty() ? reference.token : reference.token - 2;
        const qsizetype close = reference.token + 1;
        if (first < 2 || close >= tokens.size()
            || tokens.at(first - 1).kind != SqlTokenKind::OpenParen
            || !tokens.at(first - 2).isWord(function)
            || tokens.at(close).kind != SqlTokenKind::CloseParen)
            continue;
        // The table it comes from: its qualifier's, or the one source of its block that has it.
        const SchemaNames::Table *holder = nullptr;
        if (!reference.qualifier.isEmpty()) {
            const QueryScope::Source *source = scope.find(reference.qualifier, reference.block);
            holder = source && !source->derived ? in.schema->findTable(source->table) : nullptr;
        } else {
            for (const QueryScope::Source &source : scope.sources) {
                if (source.block != reference.block || source.derived)
                    continue;
                const SchemaNames::Table *table = in.schema->findTable(source.table);
                if (table && table->hasColumn(reference.column)) {
                    if (holder)
                        return std::nullopt; // two tables have it
                    holder = table;
                }
            }
        }
        if (!holder || !holder->hasColumn(reference.column))
            continue;
        const QString type = holder->columnType(reference.column);
        const QString upper = type.toUpper();
        const bool number = upper.contains(u"INT") || upper.contains(u"REAL")
                || upper.contains(u"FLOA") || upper.contains(u"DOUB") || upper.contains(u"NUM")
                || upper.contains(u"DEC");
        const bool text =
                upper.contains(u"CHAR") || upper.contains(u"CLOB") || upper.contains(u"TEXT");
        if (!number
            && !(text && NameSuggester::words(reference.column).contains(function.toLower())))
            continue;
        ColumnUnderDatePart found;
        found.number = number;
        // As a name, without the quotes the statement may give it (the advice quotes it).
        found.column = reference.qualifier.isEmpty()
                ? reference.column
                : reference.qualifier + u'.' + reference.column;
        found.type = type;
        // YEAR(c.Year) = 2014, or = '2014': the same comparison on the column itself.
        if (close + 2 < tokens.size() && tokens.at(close + 1).kind == SqlTokenKind::Operator
            && (tokens.at(close + 2).kind == SqlTokenKind::Number
                || tokens.at(close + 2).kind == SqlTokenKind::String)) {
            QString value = tokens.at(close + 2).text(in.statement).toString();
            if (number && value.size() > 2 && value.startsWith(u'\'') && value.endsWith(u'\'')) {
                bool digits = false;
                value.mid(1, value.size() - 2).toLongLong(&digits);
                if (digits)
                    value = value.mid(1, value.size() - 2);
            }
            found.comparison = found.column + u' '
                    + tokens.at(close + 1).text(in.statement).toString() + u' ' + value;
        }
        return found;
    }
    return std::nullopt;
}

// COUNT of several columns is the usual slip: COUNT takes one argument everywhere.
Step countOfSeveralStep()
{
    return {Advisor::tr("%1 takes one argument: %2 counts the rows, %3 the rows where "
                        "the column is not NULL, %4 its distinct values. To count "
                        "distinct combinations of several columns, count the rows of a "
                        "%5 subquery.")
                    .arg(code(u"COUNT"_s), code(u"COUNT(*)"_s), code(u"COUNT(column)"_s),
                         code(u"COUNT(DISTINCT column)"_s), code(u"SELECT DISTINCT a, b"_s)),
            {u"COUNT(*)"_s}};
}

Step distinctOnStep(const Input &in);

Step functionMissingStep(const Input &in)
{
    const Engine engine = in.engine;
    // ClickHouse reads DISTINCT ON (x) as a call of a function ON.
    if (const auto unknown = in.first({u"function/unknown-function"});
        unknown && unknown->capture(Capture::Function).compare(u"ON", Qt::CaseInsensitive) == 0) {
        if (const Step distinctOn = distinctOnStep(in); !distinctOn.text.isEmpty())
            return distinctOn;
    }
    if (const auto count =
                in.first({u"function/parameter-count", u"function/number-of-arguments",
                          u"function/takes-arguments", u"function/wrong-number-of-arguments"})) {
        if (count->capture(Capture::Function).compare(u"count", Qt::CaseInsensitive) == 0)
            return countOfSeveralStep();
        return {Advisor::tr("The function %1 exists, but not with this number of arguments. Call "
                            "it with the arguments %2 expects (see its signature in the manual).")
                        .arg(code(count->capture(Capture::Function)), dialect(engine)),
                {}};
    }
    const auto found = in.first(
            {u"function/with-arguments-does-not-exist", u"function/does-not-exist",
             u"function/routine-not-executable", u"function/no-such-function",
             u"function/unknown-function", u"function/not-a-built-in", u"function/not-registered",
             u"function/function-not-found", u"function/scalar-function",
             u"function/invalid-function", u"function/oracle-invalid-identifier"});
    if (!found) {
        return {Advisor::tr("A function the query calls does not exist in %1 with these "
                            "arguments. Use a function %1 provides, or cast the arguments to the "
                            "types the function accepts.")
                        .arg(dialect(engine)),
                {}};
    }
    const QString function = baseName(unquoted(found->capture(Capture::Function)));
    const QString arguments = found->capture(Capture::Arguments).trimmed();
    // PostgreSQL names COUNT(DISTINCT a, b) by its argument types: count(integer, text).
    if (function.compare(u"count", Qt::CaseInsensitive) == 0 && arguments.contains(u','))
        return countOfSeveralStep();
    if (!arguments.isEmpty() && isKnownFunction(engine, function, in.schema)) {
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
    // YEAR(c.Year) of a column that holds numbers: the engine's date functions would read them
    // as day counts; a year stored as a number is compared as it is.
    const auto argument = columnUnderDatePart(in, function);
    if (argument && !argument->number && !equivalentFor(engine, function).isEmpty()) {
        return {Advisor::tr("%1 has no function %2. %3 is a text column (%4) named for the %5: if "
                            "it holds the %5 alone, use it as it is, e.g. %6, without %2; if it "
                            "holds dates written like 2014-05-01, use %7.")
                        .arg(dialect(engine), code(function), code(argument->column),
                             argument->type, function.toLower(), code(argument->example()),
                             code(equivalentFor(engine, function))),
                {}};
    }
    if (argument && argument->number) {
        return {Advisor::tr("%1 has no function %2, and %3 holds numbers (%4), not dates: a date "
                            "function would read them as day counts. If it holds the %5 itself, "
                            "use the column as it is, e.g. %6, without %2.")
                        .arg(dialect(engine), code(function), code(argument->column),
                             argument->type, function.toLower(), code(argument->example())),
                {}};
    }
    const QString equivalent = equivalentFor(engine, function);
    if (!equivalent.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use %3 instead.")
                        .arg(dialect(engine), code(function), code(equivalent)),
                {}};
    }
    QStringList suggestions;
    if (const auto maybe = in.first({u"function/maybe-you-meant"})) {
        for (const QString &part : maybe->capture(Capture::Suggestions).split(u','))
            suggestions.append(unquoted(part));
        suggestions.removeAll(QString());
    }
    if (suggestions.isEmpty() && in.schema)
        suggestions = NameSuggester::closest(function, in.schema->functions, MaxSuggestions);
    if (!suggestions.isEmpty()) {
        return {Advisor::tr("%1 has no function %2. Use one of: %3.")
                        .arg(dialect(engine), code(function), joinedNames(suggestions)),
                suggestions};
    }
    if (found->is(u"function/routine-not-executable")) {
        // MariaDB refused it as a stored routine: one may exist that this user may not run.
        return {Advisor::tr("%1 has no built-in function %2, and this user may not run a stored "
                            "function of that name. Rewrite the expression with functions that "
                            "%1 provides (a stored function needs the EXECUTE privilege).")
                        .arg(dialect(engine), code(function)),
                {}};
    }
    return {Advisor::tr("%1 has no function %2. Rewrite the expression with functions that %1 "
                        "provides.")
                    .arg(dialect(engine), code(function)),
            {}};
}

// ---- cast, operator, group by, ambiguity, syntax
// -------------------------------------------------

Step castStep(const Input &in)
{
    const Engine engine = in.engine;
    if (in.first({u"cast/value-too-long", u"cast/data-too-long", u"cast/would-be-truncated"})) {
        return {Advisor::tr("A text value is longer than its type allows. Cast to a longer type "
                            "(for example %1) or shorten the value with SUBSTRING.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Text))),
                {}};
    }
    if (const auto date =
                in.first({u"cast/date-out-of-range", u"cast/incorrect-date-value",
                          u"cast/truncated-incorrect-date-value", u"cast/cannot-parse-as-date",
                          u"cast/cannot-read-datetime", u"cast/invalid-date-input"})) {
        const QString spelling = alternatives(castSpellings(engine, CastTarget::Date));
        const QString value = date->capture(Capture::Value);
        if (!value.isEmpty()) {
            return {Advisor::tr("The value %1 is not a valid date or time. Fix the literal (ISO "
                                "format 'YYYY-MM-DD' with a real month and day), or convert text "
                                "with %2.")
                            .arg(code(value), spelling),
                    {}};
        }
        return {Advisor::tr("A value is not a valid date or time. Fix the literal (ISO format "
                            "'YYYY-MM-DD' with a real month and day), or convert text with %1.")
                        .arg(spelling),
                {}};
    }
    if (in.first({u"cast/number-out-of-range", u"cast/out-of-range-value",
                  u"cast/arithmetic-overflow"})) {
        return {Advisor::tr("A number is out of range for its type. Cast to a wider type before "
                            "the arithmetic, e.g. %1.")
                        .arg(alternatives(castSpellings(engine, CastTarget::Number))),
                {}};
    }
    if (const auto typePair = in.first({u"cast/cannot-cast-type"})) {
        return {Advisor::tr("%1 cannot convert %2 to %3 directly. Convert through a type both "
                            "sides understand (for example extract a number from a date with "
                            "EXTRACT, or cast through text), or compare values of the same type.")
                        .arg(dialect(engine), code(typePair->capture(Capture::Left)),
                             code(typePair->capture(Capture::Right).trimmed())),
                {}};
    }
    QString type;
    QString offending;
    if (const auto found =
                in.first({u"cast/invalid-input-syntax", u"cast/truncated-incorrect-value",
                          u"cast/incorrect-value", u"cast/bad-value", u"cast/cannot-parse-string",
                          u"cast/could-not-convert-string", u"cast/cannot-cast-value",
                          u"cast/conversion-failed", u"cast/numeric-value-not-recognized"})) {
        type = found->capture(Capture::Type).trimmed();
        offending = found->capture(Capture::Value);
        if (type.isEmpty())
            type = u"number"_s;
    } else if (const auto store = in.first({u"cast/cannot-store"})) {
        type = store->capture(Capture::Type);
    } else if (in.text.contains(u"invalid number", Qt::CaseInsensitive)) {
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
        if (EngineRegistry::forEngine(engine).castsDecimalTextStrictly()
            && target == CastTarget::Number) {
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

// A subquery that stands for one value (after IN or =, or in the select list) but returns
// several columns; PostgreSQL calls it a syntax error, the others a mismatch of operands.
std::optional<Step> subqueryColumnsStep(const Input &in)
{
    if (!in.has(u"operator/subquery-columns"))
        return std::nullopt;
    return Step{Advisor::tr("A subquery that stands for one value (after IN or =, or in the "
                            "SELECT list) returns more than one column. Select only the column "
                            "to compare with in it, e.g. %1.")
                        .arg(code(u"WHERE id IN (SELECT id FROM ...)"_s)),
                {}};
}

Step operatorStep(const Input &in)
{
    if (std::optional<Step> step = subqueryColumnsStep(in))
        return *step;
    if (in.first({u"operator/collations"})) {
        return {Advisor::tr("The two sides use different collations. Convert one side, e.g. "
                            "%1, so both compare with the same collation.")
                        .arg(code(u"a = b COLLATE utf8mb4_unicode_ci"_s)),
                {}};
    }
    const QString cast = alternatives(castSpellings(in.engine, CastTarget::Text));
    if (const auto found = in.first({u"operator/does-not-exist", u"operator/cannot-apply",
                                     u"operator/illegal-parameter-data-types"})) {
        return {Advisor::tr("The operator %1 cannot compare or combine %2 with %3. Cast one side "
                            "so both have the same type (e.g. %4, or a number without quotes), "
                            "or compare with a column of the matching type.")
                        .arg(code(found->capture(Capture::Operator)),
                             code(found->capture(Capture::Left)),
                             code(found->capture(Capture::Right).trimmed()), cast),
                {}};
    }
    return {Advisor::tr("An operator or function gets values of types that do not fit together. "
                        "Cast one side so both have the same type, e.g. %1.")
                    .arg(cast),
            {}};
}

// Where the statement puts an aggregate: inside WHERE at the same level, or inside another one.
struct AggregatePlaces
{
    bool inWhere = false;
    bool nested = false;
    // An aggregate call in the ORDER BY of a query block without GROUP BY, as written.
    QString orderedWithoutGroups;
};

AggregatePlaces aggregatePlaces(QStringView statement, Engine engine)
{
    AggregatePlaces places;
    if (statement.isEmpty())
        return places;
    const QueryScope scope = QueryScope::read(statement, engine);
    const QList<SqlToken> &tokens = scope.tokens;
    // For each block: where its WHERE clause runs, at its own depth.
    QList<int> openAggregates; // the depths inside open aggregate calls
    int whereBlock = -2;
    int whereDepth = -1;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        const int depth = scope.depthOf.at(i);
        while (!openAggregates.isEmpty() && depth < openAggregates.constLast())
            openAggregates.removeLast();
        if (token.isWord(u"WHERE")) {
            whereBlock = scope.blockOf.at(i);
            whereDepth = depth;
        } else if (depth == whereDepth && scope.blockOf.at(i) == whereBlock
                   && (token.isWord(u"GROUP") || token.isWord(u"ORDER") || token.isWord(u"HAVING")
                       || token.isWord(u"LIMIT") || isSetOperatorAt(tokens, i))) {
            whereBlock = -2;
        } else if (depth < whereDepth) {
            whereBlock = -2;
        }
        if (!isAggregateCall(tokens, i))
            continue;
        if (!openAggregates.isEmpty())
            places.nested = true;
        if (whereBlock >= 0 && scope.blockOf.at(i) == whereBlock && depth == whereDepth)
            places.inWhere = true;
        if (places.orderedWithoutGroups.isEmpty() && openAggregates.isEmpty()) {
            // The clause it stands in, and whether its block groups, at the block's own depth.
            const int block = scope.blockOf.at(i);
            bool inOrderBy = false;
            bool grouped = false;
            for (qsizetype j = 0; j < tokens.size(); ++j) {
                if (scope.blockOf.at(j) != block || scope.depthOf.at(j) != depth)
                    continue;
                if (tokens.at(j).isWord(u"GROUP"))
                    grouped = true;
                if (j < i && tokens.at(j).isWord(u"ORDER"))
                    inOrderBy = true;
                else if (j < i && (tokens.at(j).isWord(u"LIMIT") || isSetOperatorAt(tokens, j)))
                    inOrderBy = false;
            }
            qsizetype close = i + 1;
            for (int open = 0; close < tokens.size(); ++close) {
                if (tokens.at(close).kind == SqlTokenKind::OpenParen)
                    ++open;
                else if (tokens.at(close).kind == SqlTokenKind::CloseParen && --open == 0)
                    break;
            }
            if (inOrderBy && !grouped && close < tokens.size())
                places.orderedWithoutGroups =
                        statement.sliced(token.offset, tokens.at(close).end() - token.offset)
                                .toString();
        }
        openAggregates.append(depth + 1);
        ++i; // its own parenthesis
    }
    return places;
}

// ORDER BY COUNT(*) with no GROUP BY: the rows were meant to be groups. Wrapping the columns in
// MAX would answer with one row made of maxima.
Step orderedWithoutGroupsStep(const QString &aggregate, const QStringList &ungrouped)
{
    return {Advisor::tr("The query has no GROUP BY, so %1 in its ORDER BY is taken over all the "
                        "rows at once, beside columns of each row. To rank by a count or total "
                        "per row, group the rows: %2.")
                    .arg(code(aggregate),
                         code(u"GROUP BY "_s + ungrouped.join(u", "_s) + u" ORDER BY "_s
                              + aggregate)),
            ungrouped};
}

// An aggregate in a subquery whose columns all belong to the query around it: SQL takes it as an
// aggregate of the outer query's rows (max(T2.Height) in (SELECT max(T2.Height) FROM people)).
std::optional<Step> outerAggregateStep(const Input &in)
{
    if (in.statement.isEmpty())
        return std::nullopt;
    const QueryScope &scope = in.scope();
    const QList<QueryScope::OuterAggregate> found = scope.outerAggregates(in.schema);
    if (found.isEmpty())
        return std::nullopt;
    const QueryScope::OuterAggregate &aggregate = found.constFirst();
    const QueryScope::Source &outer = scope.sources.at(aggregate.outerSource);
    const QueryScope::Reference &first = scope.references.at(aggregate.references.constFirst());
    const QString call = in.statement
                                 .sliced(scope.tokens.at(aggregate.call).offset,
                                         scope.tokens.at(aggregate.close).end()
                                                 - scope.tokens.at(aggregate.call).offset)
                                 .toString();
    QStringList ownTables;
    const QueryScope::Source *same = nullptr;
    for (const QueryScope::Source &source : scope.sources) {
        if (source.block != aggregate.block || source.derived)
            continue;
        ownTables.append(code(source.table));
        if (!outer.derived && source.table.compare(outer.table, Qt::CaseInsensitive) == 0)
            same = same ? nullptr : &source;
    }
    const QString reads = first.qualifier.isEmpty()
            ? Advisor::tr("its tables (%1) have no %2, so it reads %3 of the outer query")
                      .arg(ownTables.join(u", "_s), code(first.column),
                           code(outer.alias + u'.' + first.column))
            : Advisor::tr("%1 is the outer query's %2")
                      .arg(code(first.qualifier), sourceLabel(outer));
    QString text = Advisor::tr("%1 is written in a subquery, but %2: SQL takes it as an aggregate "
                               "of the outer query's rows, which its WHERE cannot hold.")
                           .arg(code(call), reads);
    if (same && !first.qualifier.isEmpty()) {
        QString own = call;
        own.replace(first.qualifier + u'.', same->alias + u'.', Qt::CaseInsensitive);
        text += u' ' + Advisor::tr("For the subquery's own rows, write %1.").arg(code(own));
    } else {
        text += u' '
                + Advisor::tr("Take the aggregate over a column of the subquery's own tables, or "
                              "read %1 in the subquery.")
                          .arg(code(outer.table));
    }
    return Step{text, {}};
}

Step nestedAggregateStep()
{
    return {Advisor::tr("One aggregate is nested inside another (such as %1), which SQL "
                        "does not allow. To find the group with the most or fewest rows, "
                        "order the groups by the aggregate and keep the first: %2.")
                    .arg(code(u"MAX(COUNT(*))"_s),
                         code(u"GROUP BY … ORDER BY COUNT(*) DESC LIMIT 1"_s)),
            {}};
}

Step groupByStep(const Input &in)
{
    if (const auto window = in.first({u"group-by/misuse-of-window-function",
                                      u"group-by/window-function-in-context",
                                      u"group-by/window-functions-not-allowed-in"})) {
        const QString function = window->capture(Capture::Function);
        return {Advisor::tr("A window function (%1) is computed after WHERE, GROUP BY and HAVING, "
                            "so it cannot be used in them or inside an aggregate. Compute it in "
                            "a subquery and filter on its result outside: %2.")
                        .arg(code(function.isEmpty() ? u"RANK() OVER (...)"_s
                                                     : function + u"() OVER (...)"_s),
                             code(u"SELECT * FROM (SELECT ..., RANK() OVER (ORDER BY ...) AS r "
                                  "FROM ...) WHERE r <= 3"_s)),
                {}};
    }
    if (const auto misplaced = in.first(
                {u"group-by/aggregate-in-where", u"group-by/invalid-use-of-group-function"})) {
        if (const std::optional<Step> outer = outerAggregateStep(in))
            return *outer;
        // MySQL's "invalid use of group function" is also its word for MAX(COUNT(*)).
        if (misplaced->is(u"group-by/invalid-use-of-group-function")
            && aggregatePlaces(in.statement, in.engine).nested)
            return nestedAggregateStep();
        return {Advisor::tr("An aggregate (SUM, AVG, COUNT …) is used where rows are still being "
                            "filtered. Move that condition into HAVING after GROUP BY, or compute "
                            "the aggregate in a subquery and compare with its result."),
                {}};
    }
    if (in.first({u"group-by/having-without-aggregate"})) {
        return {Advisor::tr("HAVING needs a GROUP BY or an aggregate. Add the GROUP BY the "
                            "question needs, or put the condition in WHERE."),
                {}};
    }
    if (in.first({u"group-by/aggregate-in-group-by"})) {
        return {Advisor::tr("GROUP BY cannot contain an aggregate. Group by the plain columns or "
                            "expressions, and keep the aggregates in the SELECT list."),
                {}};
    }
    const auto found = in.first(
            {u"group-by/must-appear-in-group-by", u"group-by/nonaggregated-column",
             u"group-by/isnt-in-group-by", u"group-by/must-be-aggregate-quoted",
             u"group-by/must-be-aggregate", u"group-by/not-under-aggregate",
             u"group-by/invalid-in-select-list", u"group-by/neither-grouped-nor-aggregated",
             u"group-by/should-appear-in-group-by", u"group-by/not-part-of-group-by",
             u"group-by/not-being-grouped", u"group-by/outside-of-aggregation"});
    if (!found) {
        // The message names no column (SQLite's "misuse of aggregate"): the statement does.
        if (const std::optional<Step> outer = outerAggregateStep(in))
            return *outer;
        const AggregatePlaces places = aggregatePlaces(in.statement, in.engine);
        if (places.nested)
            return nestedAggregateStep();
        if (places.inWhere) {
            return {Advisor::tr("An aggregate is used in WHERE, where rows are still being "
                                "filtered. Put the condition in HAVING (after GROUP BY), not in "
                                "GROUP BY, or compare with the aggregate computed in a subquery "
                                "that has its own FROM."),
                    {}};
        }
        const QStringList ungrouped = in.statement.isEmpty()
                ? QStringList()
                : SelectList::ungroupedColumns(in.statement, in.engine);
        if (!ungrouped.isEmpty() && !places.orderedWithoutGroups.isEmpty())
            return orderedWithoutGroupsStep(places.orderedWithoutGroups, ungrouped);
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
    QString column = unquoted(found->capture(Capture::Name));
    // db.table.column -> table.column: the database prefix is noise in a GROUP BY.
    QStringList parts = column.split(u'.');
    while (parts.size() > 2)
        parts.removeFirst();
    column = parts.join(u'.');
    const QString ordered = aggregatePlaces(in.statement, in.engine).orderedWithoutGroups;
    if (!ordered.isEmpty()) {
        QStringList ungrouped = SelectList::ungroupedColumns(in.statement, in.engine);
        if (ungrouped.isEmpty())
            ungrouped = {column};
        return orderedWithoutGroupsStep(ordered, ungrouped);
    }
    return {Advisor::tr("The column %1 is neither grouped nor aggregated. Add %1 to GROUP BY, or "
                        "wrap it in an aggregate such as %2.")
                    .arg(code(column), code(u"MAX("_s + column + u')')),
            {column}};
}

Step ambiguousStep(const Input &in)
{
    if (const auto duplicate = in.first({u"ambiguous/duplicate-column-name"})) {
        return {Advisor::tr("The result has two columns named %1. Give one of them its own name "
                            "with AS, or select it only once.")
                        .arg(code(duplicate->capture(Capture::Name))),
                {}};
    }
    if (const auto alias = in.first({u"ambiguous/not-unique-alias"})) {
        return {Advisor::tr("The alias %1 is given to two tables. Give every table in FROM and "
                            "JOIN its own alias.")
                        .arg(code(alias->capture(Capture::Name))),
                {}};
    }
    const auto found =
            in.first({u"ambiguous/column-reference", u"ambiguous/order-group-by",
                      u"ambiguous/common-column-name", u"ambiguous/column-in-clause",
                      u"ambiguous/sqlite-ambiguous-column-name", u"ambiguous/column-is-ambiguous",
                      u"ambiguous/column-name-is-ambiguous", u"ambiguous/column-name-unquoted"});
    if (!found) {
        return {Advisor::tr("A column name exists in more than one table of the query. Qualify "
                            "every such column with its table alias (for example o.id)."),
                {}};
    }
    const QString column = baseName(unquoted(found->capture(Capture::Name)));
    // The tables of the statement that have it, under the aliases the statement gave them.
    if (in.schema && !in.statement.isEmpty()) {
        const QueryScope &scope = in.scope();
        QStringList spellings;
        QStringList labels;
        QStringList byTable; // the same spellings with the tables' own names
        QString real = column;
        for (const QueryScope::Source &source : scope.sources) {
            const SchemaNames::Table *table =
                    source.derived ? nullptr : in.schema->findTable(source.table);
            if (!table || !table->hasColumn(column))
                continue;
            real = table->realColumn(column);
            const QString spelling = source.alias + u'.' + real;
            if (!spellings.contains(spelling, Qt::CaseInsensitive)) {
                spellings.append(spelling);
                labels.append(sourceLabel(source));
                // Under the table's own name too, unless the statement already uses it.
                const QString own = table->name + u'.' + real;
                if (!byTable.contains(own, Qt::CaseInsensitive)
                    && source.alias.compare(table->name, Qt::CaseInsensitive) != 0)
                    byTable.append(own);
            }
        }
        if (spellings.size() >= 2) {
            // Tables joined on this very column give the same value either way.
            QString joined;
            for (const QueryScope::Equality &equality : scope.equalities) {
                if (equality.leftColumn.compare(column, Qt::CaseInsensitive) == 0
                    && equality.rightColumn.compare(column, Qt::CaseInsensitive) == 0) {
                    joined = u' '
                            + Advisor::tr("The join condition %1 makes them equal, so either "
                                          "qualifier gives the same value.")
                                      .arg(code(equality.leftQualifier + u'.' + equality.leftColumn
                                                + u" = "_s + equality.rightQualifier + u'.'
                                                + equality.rightColumn));
                    break;
                }
            }
            QStringList quoted;
            for (const QString &spelling : spellings)
                quoted.append(code(spelling));
            return {Advisor::tr("The column %1 is in %2. Qualify it with the table it should come "
                                "from: %3.")
                                    .arg(code(real), labels.join(u", "),
                                         quoted.join(Advisor::tr(" or ")))
                            + joined,
                    spellings + byTable};
        }
    }
    const QStringList tables = in.schema ? in.schema->tablesWithColumn(column) : QStringList();
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

// SELECT DISTINCT ON (...).
bool hasDistinctOn(const QList<SqlToken> &tokens)
{
    for (qsizetype i = 0; i + 2 < tokens.size(); ++i) {
        if (tokens.at(i).isWord(u"DISTINCT") && tokens.at(i + 1).isWord(u"ON")
            && tokens.at(i + 2).kind == SqlTokenKind::OpenParen)
            return true;
    }
    return false;
}

// PostgreSQL's SELECT DISTINCT ON (...) on an engine without it, whichever error the engine gave
// (a syntax error, or ClickHouse's unknown function ON).
Step distinctOnStep(const Input &in)
{
    const SqlEngine &spoken = EngineRegistry::forEngine(in.engine);
    if (spoken.hasDistinctOn() || !hasDistinctOn(in.scope().tokens))
        return {};
    return {Advisor::tr("%1 has no SELECT DISTINCT ON (...), which is PostgreSQL's. To keep the "
                        "first row of each group, write %2; for one value per group, GROUP BY "
                        "with an aggregate such as MAX.")
                    .arg(dialect(in.engine), code(spoken.firstRowPerGroup())),
            {}};
}

// A capitalised word of prose at i, then a colon or another word of it: "This SQL query ...",
// "Note: ...", "Write Sql for ...". Names have underscores or digits; keywords are SQL, and after
// it a clause word (FROM, ON, AS) ends an alias rather than a sentence.
bool startsProse(const QList<SqlToken> &tokens, qsizetype i, QStringView statement)
{
    const auto proseWord = [](const SqlToken &w) {
        return w.kind == SqlTokenKind::Word && !w.name.contains(u'_')
                && std::none_of(w.name.cbegin(), w.name.cend(),
                                [](QChar c) { return c.isDigit(); });
    };
    const SqlToken &t = tokens.at(i);
    const bool capitalised = t.name.size() > 1 && t.name.front().isUpper()
            && t.name.sliced(1) == t.name.sliced(1).toLower();
    if (!capitalised || !proseWord(t) || (QueryScope::isKeyword(t.name) && !t.isWord(u"SQL"))
        || i + 1 >= tokens.size())
        return false;
    const SqlToken &w = tokens.at(i + 1);
    return w.text(statement) == u":"
            || (proseWord(w) && (w.name == w.name.toLower() || w.isWord(u"SQL"))
                && QueryScope::clauseRank(tokens, i + 1) == 0 && !w.isWord(u"ON")
                && !w.isWord(u"AS") && !w.isWord(u"USING"));
}

// A set operator where the engine stopped after it, and the parser's own list of what it expected
// there (ClickHouse 18.16) shows the server lacks it: UNION without ALL, or EXCEPT, INTERSECT
// and MINUS, which it read as the table's alias.
Step setOperatorStep(const Input &in, const SqlToken &before, const QStringList &expected)
{
    if (expected.isEmpty())
        return {};
    if (before.isWord(u"UNION") && expected == QStringList{u"ALL"_s}) {
        return {Advisor::tr("This %1 server has UNION ALL only: after UNION it expects ALL. For "
                            "UNION's rows without repeats write %2.")
                        .arg(dialect(in.engine),
                             code(u"SELECT DISTINCT * FROM (SELECT ... UNION ALL SELECT ...)"_s)),
                {}};
    }
    const bool except = before.isWord(u"EXCEPT") || before.isWord(u"MINUS");
    const bool intersect = before.isWord(u"INTERSECT");
    if ((!except && !intersect)
        || expected.contains(except ? u"EXCEPT"_s : u"INTERSECT"_s, Qt::CaseInsensitive))
        return {};
    return {Advisor::tr("This %1 server has no %2: it read %3 as the table's alias and stopped "
                        "at the SELECT after it. Write the rows of the first query %4 with %5.")
                    .arg(dialect(in.engine), except ? u"EXCEPT"_s : u"INTERSECT"_s,
                         code(before.name),
                         except ? Advisor::tr("that the second does not return")
                                : Advisor::tr("that the second returns too"),
                         code(except ? u"SELECT DISTINCT a, b FROM t1 WHERE (a, b) NOT IN "
                                       "(SELECT a, b FROM t2)"_s
                                     : u"SELECT DISTINCT a, b FROM t1 WHERE (a, b) IN (SELECT "
                                       "a, b FROM t2)"_s)),
            {}};
}

// What the statement's text says about a syntax error the engine only locates.
Step syntaxFromStatement(const Input &in, const QString &token)
{
    const QueryScope &scope = in.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    const QStringList expected = ErrorRules::parserExpected(in.text);
    if (tokens.isEmpty())
        return {};
    const SqlToken &first = tokens.constFirst();
    const bool opensQuery = first.isWord(u"SELECT") || first.isWord(u"WITH")
            || first.kind == SqlTokenKind::OpenParen;
    if (!opensQuery) {
        if (first.kind == SqlTokenKind::QuotedIdentifier || first.kind == SqlTokenKind::Operator) {
            return {Advisor::tr("The answer starts with %1, which is not SQL. Remove the marker "
                                "and answer with the statement alone.")
                            .arg(code(first.text(in.statement).toString())),
                    {}};
        }
        return {Advisor::tr("The answer is not a SQL statement: it starts with %1. Answer with "
                            "exactly one SQL statement and nothing else.")
                        .arg(code(in.statement.first(qMin<qsizetype>(40, in.statement.size()))
                                          .toString()
                                          .simplified())),
                {}};
    }
    if (token.isEmpty())
        return {};
    // Where the engine stopped: a second SELECT at the top, or a word of prose after the end. The
    // engine may name a word the statement has more than once (SELECT in a subquery before the
    // run-on): each place it stands is read.
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (t.kind != SqlTokenKind::Word || t.name.compare(token, Qt::CaseInsensitive) != 0)
            continue;
        const SqlToken &before = tokens.at(i - 1);
        if (const Step set = setOperatorStep(in, before, expected); !set.text.isEmpty())
            return set;
        if (t.isWord(u"SELECT") && before.isWord(u"MINUS")
            && !EngineRegistry::forEngine(in.engine).hasMinus()) {
            return {Advisor::tr("MINUS is Oracle's name for EXCEPT, which %1 spells EXCEPT: the "
                                "rows of the first query that the second does not return. "
                                "Write %2.")
                            .arg(dialect(in.engine), code(u"... EXCEPT SELECT ..."_s)),
                    {}};
        }
        if ((t.isWord(u"SELECT") || t.isWord(u"WITH")) && scope.depthOf.at(i) == 0
            && before.kind != SqlTokenKind::OpenParen && !isSetOperatorAt(tokens, i - 1)
            && !before.isWord(u"ALL") && !before.isWord(u"DISTINCT")) {
            return {Advisor::tr("A second statement starts at %1 without a set operator: the "
                                "answer runs on after the first statement. Answer with one "
                                "statement, or join the two with UNION, INTERSECT or EXCEPT.")
                            .arg(code(t.name)),
                    {}};
        }
        if (startsProse(tokens, i, in.statement) && scope.depthOf.at(i) == 0) {
            return {Advisor::tr("The statement is followed by text that is not SQL, from %1 on. "
                                "Answer with the statement alone, without explanations after "
                                "it.")
                            .arg(code(in.statement.sliced(t.offset)
                                              .first(qMin<qsizetype>(
                                                      40, in.statement.size() - t.offset))
                                              .toString()
                                              .simplified())),
                    {}};
        }
    }
    return {};
}

// Where a word of a select list or a clause stands: the word before it names nothing else.
bool standsAsName(const QList<SqlToken> &tokens, qsizetype i)
{
    if (i + 1 < tokens.size() && tokens.at(i + 1).kind == SqlTokenKind::Dot)
        return true;
    if (i == 0)
        return false;
    const SqlToken &before = tokens.at(i - 1);
    // SELECT after a parenthesis opens a subquery.
    if (tokens.at(i).isWord(u"SELECT") || tokens.at(i).isWord(u"WITH"))
        return before.kind == SqlTokenKind::Dot;
    return before.kind == SqlTokenKind::Comma || before.kind == SqlTokenKind::Dot
            || before.kind == SqlTokenKind::OpenParen || before.isWord(u"SELECT")
            || before.isWord(u"DISTINCT") || before.isWord(u"FROM") || before.isWord(u"JOIN")
            || before.isWord(u"AS") || before.isWord(u"UPDATE") || before.isWord(u"INTO");
}

// What the statement shows about a word the engine stopped at, beyond a name or a run-on: a
// comparison with ANY or ALL of a subquery, or EXTRACT, where the engine has none; a clause
// after one it must come before; ASC or DESC after GROUP BY; an alias of several words. Each
// place the word stands is read, since the engine may not say which one it means.
Step placementStep(const Input &in, const QueryScope &scope, const QString &word,
                   const QString &rest)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const SqlEngine &spoken = EngineRegistry::forEngine(in.engine);
    if (word.startsWith(u'\\') && in.statement.contains(u"\\_")) {
        return {Advisor::tr("A backslash is not SQL: %1 is Markdown's escape of %2. Write the "
                            "names with %2 alone.")
                        .arg(code(u"\\_"_s), code(u"_"_s)),
                {}};
    }
    // The standard's FETCH FIRST n ROWS ONLY where the engine stopped at it (SQLite, ClickHouse
    // 18.16): the engine's own row limit.
    const QList<QueryScope::FetchClause> fetches = scope.fetchClauses();
    if (!fetches.isEmpty()) {
        const QueryScope::FetchClause &fetch = fetches.constFirst();
        const auto text = [&](qsizetype i) { return tokens.at(i).text(in.statement); };
        const auto stoppedAt = [&](qsizetype i) {
            return i >= 0 && tokens.at(i).name.compare(word, Qt::CaseInsensitive) == 0;
        };
        // At FETCH, the word after it, or the OFFSET before it, where SQLite stops.
        const bool stoppedHere = stoppedAt(fetch.fetch) || stoppedAt(fetch.fetch + 1)
                || (fetch.offset >= 0 && stoppedAt(fetch.start));
        bool count = fetch.rows < 0;
        const int rows = count ? 1 : text(fetch.rows).toInt(&count);
        QString limit = count ? spoken.rowLimitClause(rows) : QString();
        if (stoppedHere && !limit.isEmpty() && !limit.startsWith(u"FETCH", Qt::CaseInsensitive)) {
            if (fetch.offset >= 0)
                limit += u" OFFSET "_s + text(fetch.offset).toString();
            return {Advisor::tr("%1 has no %2. Write %3 at the end of the query instead.")
                            .arg(dialect(in.engine), code(u"FETCH FIRST n ROWS ONLY"_s),
                                 code(limit)),
                    {}};
        }
    }
    // ORDER BY COUNT(*) MIN: MIN or MAX where the term's direction stands.
    if (word.compare(u"MIN", Qt::CaseInsensitive) == 0
        || word.compare(u"MAX", Qt::CaseInsensitive) == 0) {
        const QList<qsizetype> directions = scope.orderDirectionWords();
        if (!directions.isEmpty()) {
            const bool smallest = tokens.at(directions.constFirst()).isWord(u"MIN");
            const QString written = code(word.toUpper());
            return {smallest ? Advisor::tr("ORDER BY takes ASC or DESC after a term, not %1. For "
                                           "the smallest first, write %2.")
                                       .arg(written, code(u"ASC"_s))
                             : Advisor::tr("ORDER BY takes ASC or DESC after a term, not %1. For "
                                           "the largest first, write %2.")
                                       .arg(written, code(u"DESC"_s)),
                    {}};
        }
    }
    // MySQL's GROUP_CONCAT(x SEPARATOR ', '): elsewhere the separator is the second argument.
    if (word.compare(u"SEPARATOR", Qt::CaseInsensitive) == 0
        && spoken.ruleFamily() != EngineFamily::Mysql) {
        QList<qsizetype> open;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            if (tokens.at(i).kind == SqlTokenKind::OpenParen)
                open.append(i);
            else if (tokens.at(i).kind == SqlTokenKind::CloseParen && !open.isEmpty())
                open.removeLast();
            else if (tokens.at(i).isWord(u"SEPARATOR") && !open.isEmpty() && open.last() > 0
                     && tokens.at(open.last() - 1).isWord(u"GROUP_CONCAT")) {
                return {Advisor::tr("%1's %2 takes the separator as its second argument, not "
                                    "after SEPARATOR: %3.")
                                .arg(dialect(in.engine), code(u"GROUP_CONCAT"_s),
                                     code(u"group_concat(col, ', ')"_s)),
                        {}};
            }
        }
    }
    for (qsizetype i = 1; i + 2 < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (!spoken.parenthesizedCompoundMembers() && t.kind == SqlTokenKind::OpenParen
            && scope.depthOf.at(i) == 0 && tokens.at(i + 1).isWord(u"SELECT")) {
            const qsizetype operatorAt = tokens.at(i - 1).isWord(u"ALL") && i >= 2 ? i - 2 : i - 1;
            const SqlToken &before = tokens.at(operatorAt);
            if (isSetOperatorAt(tokens, operatorAt)) {
                return {Advisor::tr("%1 takes no SELECT of %2 in parentheses. Write it without "
                                    "them, or as a subquery: %3.")
                                .arg(dialect(in.engine), before.name.toUpper(),
                                     code(before.name.toUpper()
                                          + u" SELECT * FROM (SELECT ...)"_s)),
                        {}};
            }
        }
        const bool quantifier = t.isWord(u"ANY") || t.isWord(u"SOME") || t.isWord(u"ALL");
        // A parser that read ALL (SELECT as a call of ALL, and stopped at the word after that
        // SELECT, listing what it expected there (ClickHouse 18.16), has none either.
        const bool readAsCall = quantifier && i + 3 < tokens.size()
                && tokens.at(i + 3).text(in.statement).compare(word, Qt::CaseInsensitive) == 0
                && !ErrorRules::parserExpected(in.text).isEmpty();
        if ((!spoken.hasQuantifiedComparison() || readAsCall) && quantifier
            && tokens.at(i - 1).kind == SqlTokenKind::Operator
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen
            && (tokens.at(i + 2).isWord(u"SELECT") || tokens.at(i + 2).isWord(u"WITH"))) {
            return {Advisor::tr("%1 has no comparison with ANY or ALL of a subquery's rows. "
                                "Compare with one value: %2 is %3 (%4 takes MIN), %5 is %6 "
                                "(%7 takes MAX), %8 is %9; ALL over no rows is true, where the "
                                "MIN or MAX of no rows is NULL.")
                            .arg(dialect(in.engine), code(u"x < ANY (SELECT c ...)"_s),
                                 code(u"x < (SELECT MAX(c) ...)"_s), code(u"> ANY"_s),
                                 code(u"x < ALL (SELECT c ...)"_s),
                                 code(u"x < (SELECT MIN(c) ...)"_s), code(u"> ALL"_s),
                                 code(u"= ANY"_s), code(u"IN"_s)),
                    {}};
        }
        if (!spoken.hasExtract() && t.isWord(u"EXTRACT")
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen && i + 3 < tokens.size()
            && tokens.at(i + 2).kind == SqlTokenKind::Word && tokens.at(i + 3).isWord(u"FROM")) {
            const QString field = tokens.at(i + 2).name;
            QString instead = spoken.functionEquivalent(field.toLower());
            if (instead.isEmpty())
                instead = spoken.functionEquivalent(u"extract");
            if (!instead.isEmpty()) {
                return {Advisor::tr("%1 has no EXTRACT(%2 FROM ...). Write %3 instead.")
                                .arg(dialect(in.engine), field.toUpper(), code(instead)),
                        {}};
            }
        }
    }
    // Where the engine quotes the rest of the statement from there (MySQL), that one place.
    qsizetype at = -1;
    if (rest.size() > word.size()) {
        const qsizetype found = in.statement.indexOf(rest);
        if (found >= 0 && in.statement.indexOf(rest, found + 1) < 0)
            at = found;
    }
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        const SqlToken &t = tokens.at(i);
        if (at >= 0 ? t.offset != at : t.text(in.statement).compare(word, Qt::CaseInsensitive) != 0)
            continue;
        const int block = scope.blockOf.at(i);
        const int depth = scope.depthOf.at(i);
        const auto sameLevel = [&](qsizetype j) {
            return scope.blockOf.at(j) == block && scope.depthOf.at(j) == depth;
        };
        // The clauses of its own query block before it, latest first, back to its SELECT
        // (subqueries in between are other blocks).
        QList<int> earlier;
        for (qsizetype j = i - 1; j >= 0; --j) {
            if (!sameLevel(j))
                continue;
            if (tokens.at(j).isWord(u"SELECT"))
                break;
            if (const int r = QueryScope::clauseRank(tokens, j))
                earlier.append(r);
        }
        const int previousRank = earlier.isEmpty() ? 0 : earlier.constFirst();
        const int rank = QueryScope::clauseRank(tokens, i);
        if (rank > 0) {
            // The latest clause of the block so far that must come after this one.
            for (const int later : std::as_const(earlier)) {
                if (later <= rank)
                    continue;
                QString text = Advisor::tr("%1 stands after %2, but a query's clauses go in this "
                                           "order: SELECT, FROM with its JOINs, WHERE, GROUP BY, "
                                           "HAVING, ORDER BY, LIMIT. Move %1 before %2.")
                                       .arg(code(QueryScope::clauseName(rank)),
                                            code(QueryScope::clauseName(later)));
                if (rank == 3 && (later == 4 || later == 5))
                    text += u' '
                            + Advisor::tr("A condition on an aggregate (SUM, COUNT, ...) belongs "
                                          "in HAVING.");
                return {text, {}};
            }
        }
        if ((t.isWord(u"DESC") || t.isWord(u"ASC")) && previousRank == 4) {
            return {Advisor::tr("GROUP BY takes no %1. To order the groups, add %2 after GROUP BY "
                                "(and HAVING).")
                            .arg(code(t.name.toUpper()),
                                 code(u"ORDER BY ... "_s + t.name.toUpper())),
                    {}};
        }
        // AS a AS b: a second alias for one expression.
        if (t.isWord(u"AS") && i >= 2 && i + 1 < tokens.size() && tokens.at(i - 2).isWord(u"AS")
            && tokens.at(i - 1).isIdentifier() && !QueryScope::isKeyword(tokens.at(i - 1).name)
            && tokens.at(i + 1).isIdentifier() && !QueryScope::isKeyword(tokens.at(i + 1).name)) {
            const QString first = tokens.at(i - 1).text(in.statement).toString();
            const QString second = tokens.at(i + 1).text(in.statement).toString();
            return {Advisor::tr("%1 gives one expression two aliases; it takes one. Keep %2 or %3.")
                            .arg(code(in.statement
                                              .sliced(tokens.at(i - 2).offset,
                                                      tokens.at(i + 1).end()
                                                              - tokens.at(i - 2).offset)
                                              .toString()),
                                 code(u"AS "_s + first), code(u"AS "_s + second)),
                    {}};
        }
        // alias column: a table or alias of the query and a column of it, without the dot.
        if (scope.undottedQualifier(i, in.schema)) {
            const QString written = tokens.at(i - 1).text(in.statement).toString() + u'.'
                    + t.text(in.statement).toString();
            return {Advisor::tr("%1 reads as two names: a qualifier and its column are joined by "
                                "a dot. Write %2.")
                            .arg(code(in.statement
                                              .sliced(tokens.at(i - 1).offset,
                                                      t.end() - tokens.at(i - 1).offset)
                                              .toString()),
                                 code(written)),
                    {written}};
        }
        // AS two words in a select list (no clause before it in its block): the alias ends at
        // the next comma, keyword or parenthesis.
        if (const QueryScope::SpacedAlias spaced = scope.spacedAlias(in.statement, i, in.schema);
            spaced.first >= 0 && spaced.endsItem) {
            const qsizetype first = spaced.first;
            const qsizetype last = spaced.last;
            const qsizetype from = tokens.at(first).offset;
            const QString alias =
                    in.statement.sliced(from, tokens.at(last).end() - from).toString();
            const QString quoted = u"AS "_s + quotedIdentifier(in.engine, alias);
            if (spaced.itemWord >= 0) {
                // AS n Citizenship: the next column, its comma left out, or one alias.
                const SqlToken &word = tokens.at(spaced.itemWord);
                const qsizetype as = tokens.at(first - 1).offset;
                const QString withComma =
                        in.statement.sliced(as, tokens.at(spaced.itemWord - 1).end() - as)
                                .toString()
                        + u", "_s + word.text(in.statement).toString();
                return {Advisor::tr("%1 is a column of the query's tables: if the next item starts "
                                    "there, a comma is missing before it (%2); if it is a word of "
                                    "the alias, write %3.")
                                .arg(code(word.text(in.statement).toString()), code(withComma),
                                     code(quoted)),
                        {}};
            }
            return {Advisor::tr("An alias of several words needs quotes: write %1, or join the "
                                "words with underscores.")
                            .arg(code(quoted)),
                    {}};
        }
    }
    return {};
}

// Parentheses that do not pair up: the first ) that closes none, or the ( left open at the end
// (the innermost of those still open), with the alias an unclosed call runs into:
// MAX(CAST(x AS REAL) AS m, ... leaves MAX( open, to be closed before AS m.
// MySQL's \' inside a word of a string ('O\'Brien') where strings take no backslash escapes: the
// string ends at that quote, and what follows is read as SQL or as a string that never closes.
Step backslashQuoteStep(const Input &in)
{
    const BackslashQuotes quotes = backslashQuotesDoubled(in.statement, in.engine);
    if (quotes.sql.isEmpty())
        return {};
    return {Advisor::tr("In %1 a backslash does not escape a quote inside a string, so %2 ends at "
                        "the quote after the backslash. Write a quote inside a string twice: %3.")
                    .arg(dialect(in.engine), code(quotes.written), code(quotes.doubled)),
            {}};
}

// A string or a quoted name the engine's lexer never saw closed. An empty string at the very end
// is a reply cut off.
Step unclosedQuoteStep(const Input &in)
{
    if (in.statement.isEmpty())
        return {};
    const QList<SqlToken> &tokens = in.scope().tokens;
    qsizetype open = -1;
    for (qsizetype i = 0; i < tokens.size() && open < 0; ++i) {
        const SqlTokenError error = tokens.at(i).error;
        if (error == SqlTokenError::UnterminatedString
            || error == SqlTokenError::UnterminatedIdentifier)
            open = i;
    }
    if (open < 0)
        return {};
    // An apostrophe in prose after the statement ("each student's pets") is not a string.
    for (qsizetype i = 1; i < open; ++i) {
        if (startsProse(tokens, i, in.statement))
            return {};
    }
    const SqlToken &unclosed = tokens.at(open);
    const QStringView rest = unclosed.text(in.statement);
    const bool identifier = unclosed.error == SqlTokenError::UnterminatedIdentifier;
    if (!identifier && rest.size() > 0 && rest.sliced(1).trimmed().isEmpty() && open > 0) {
        const QString before = tokens.at(open - 1).text(in.statement).toString();
        return {Advisor::tr("The statement stops at a quote that opens a string, after %1: the "
                            "answer was cut off. Answer again with the whole statement.")
                        .arg(code(before)),
                {}};
    }
    const QString start = rest.left(24).toString().simplified();
    if (identifier) {
        return {Advisor::tr("A quoted name is never closed: the one that starts at %1 runs to the "
                            "end of the statement. Close it.")
                        .arg(code(start)),
                {}};
    }
    return {Advisor::tr("A string is never closed: the one that starts at %1 runs to the end of "
                        "the statement. Close it, and write a quote inside a string twice "
                        "(%2).")
                    .arg(code(start), code(u"'it''s'"_s)),
            {}};
}

Step unbalancedStep(const Input &in)
{
    if (in.statement.isEmpty())
        return {};
    const QList<SqlToken> &tokens = in.scope().tokens;
    // Prose after the statement (a run-on "Write Sql for ..."): the parentheses are not the point.
    for (qsizetype i = 1; i < tokens.size(); ++i) {
        if (startsProse(tokens, i, in.statement))
            return {};
    }
    QList<qsizetype> open;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen) {
            open.append(i);
        } else if (token.kind == SqlTokenKind::CloseParen) {
            if (!open.isEmpty()) {
                open.removeLast();
                continue;
            }
            // The words before it, for the reader to find it by.
            qsizetype from = i;
            for (int words = 0; from > 0 && words < 4; ++words)
                --from;
            const QString before =
                    in.statement
                            .sliced(tokens.at(from).offset, token.end() - tokens.at(from).offset)
                            .toString()
                            .simplified();
            return {Advisor::tr("The statement closes a parenthesis it never opened, at %1. "
                                "Remove that %2, or open the parenthesis it was meant to close.")
                            .arg(code(before), code(u")"_s)),
                    {}};
        }
    }
    if (open.isEmpty())
        return {};
    // Cut off mid-clause (WHERE language =): the reply ended, not the parenthesis.
    qsizetype last = tokens.size() - 1;
    while (last >= 0 && tokens.at(last).kind == SqlTokenKind::Semicolon)
        --last;
    const SqlToken &end = tokens.at(std::max<qsizetype>(last, 0));
    static const QStringList continued = {u"WHERE"_s, u"AND"_s,     u"OR"_s,     u"ON"_s,
                                          u"BY"_s,    u"FROM"_s,    u"SELECT"_s, u"JOIN"_s,
                                          u"IN"_s,    u"NOT"_s,     u"AS"_s,     u"HAVING"_s,
                                          u"LIKE"_s,  u"BETWEEN"_s, u"THEN"_s,   u"ELSE"_s};
    if (last >= 0
        && (end.kind == SqlTokenKind::Operator || end.kind == SqlTokenKind::Comma
            || end.kind == SqlTokenKind::OpenParen || end.kind == SqlTokenKind::Dot
            || (end.kind == SqlTokenKind::Word
                && continued.contains(end.name, Qt::CaseInsensitive)))) {
        return {Advisor::tr("The statement stops in the middle, after %1, with a parenthesis "
                            "still open: the answer was cut off. Answer again with the whole "
                            "statement.")
                        .arg(code(end.text(in.statement).toString())),
                {}};
    }
    const qsizetype at = open.constFirst();
    const bool word = at > 0 && tokens.at(at - 1).kind == SqlTokenKind::Word;
    // A function's name before it (MAX), not a keyword (IN, OVER) or a cast, whose AS is its
    // own (CAST(x AS REAL)).
    const SqlToken &before = tokens.at(std::max<qsizetype>(at - 1, 0));
    const bool call = word && !before.isSqlKeyword() && !before.isWord(u"CAST")
            && !before.isWord(u"TRY_CAST") && !before.isWord(u"SAFE_CAST");
    const QString opened = !word
            ? u"("_s
            : tokens.at(at - 1).text(in.statement).toString() + (call ? u"("_s : u" ("_s);
    // An AS at the depth of the open call: the alias it runs into.
    int depth = 0;
    for (qsizetype i = at + 1; call && i + 1 < tokens.size(); ++i) {
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::OpenParen)
            ++depth;
        else if (token.kind == SqlTokenKind::CloseParen)
            --depth;
        else if (depth == 0 && token.isWord(u"AS") && tokens.at(i + 1).isIdentifier()) {
            return {Advisor::tr("%1 opens a parenthesis that is never closed: the statement has "
                                "one %2 fewer than %3. Close the call before its alias: %4.")
                            .arg(code(opened), code(u")"_s), code(u"("_s),
                                 code(u") AS "_s + tokens.at(i + 1).text(in.statement).toString())),
                    {}};
        }
    }
    return {Advisor::tr("%1 opens a parenthesis that is never closed: the statement has %n %2 "
                        "fewer than %3. Close it where what it holds ends.",
                        nullptr, int(open.size()))
                    .arg(code(opened), code(u")"_s), code(u"("_s)),
            {}};
}

Step syntaxStep(const Input &in)
{
    const Engine engine = in.engine;
    if (const Step backslash = backslashQuoteStep(in); !backslash.text.isEmpty())
        return backslash;
    if (in.rule == u"guard:not_sql") {
        if (const Step unclosed = unclosedQuoteStep(in); !unclosed.text.isEmpty())
            return unclosed;
        if (const Step unbalanced = unbalancedStep(in); !unbalanced.text.isEmpty())
            return unbalanced;
        return {Advisor::tr("The answer is not one SQL statement. Answer with exactly one SELECT "
                            "(or WITH) statement, without prose, markers or a second statement."),
                {}};
    }
    if (std::optional<Step> step = subqueryColumnsStep(in))
        return *step;
    if (const auto found = in.first({u"syntax/clause-before-compound"})) {
        return {Advisor::tr("In a statement joined by %1, %2 applies to the whole result and "
                            "comes after the last SELECT. To order or cut one SELECT on its own, "
                            "make it a subquery: %3.")
                        .arg(code(found->capture(Capture::Operator)),
                             code(found->capture(Capture::Token)),
                             code(u"SELECT * FROM (SELECT ... ORDER BY ... LIMIT 1) UNION "
                                  "SELECT * FROM (SELECT ... ORDER BY ... LIMIT 1)"_s)),
                {}};
    }
    if (in.first({u"syntax/limit-comma"})) {
        return {Advisor::tr("%1 has no %2 (MySQL's way to skip rows). Write %3: %4 is %5.")
                        .arg(dialect(in.engine), code(u"LIMIT offset, count"_s),
                             code(u"LIMIT count OFFSET offset"_s), code(u"LIMIT 10, 5"_s),
                             code(u"LIMIT 5 OFFSET 10"_s)),
                {}};
    }
    if (const auto found = in.first({u"syntax/union-columns", u"syntax/different-number-of-columns",
                                     u"syntax/result-columns"})) {
        const QString joinedBy = found->capture(Capture::Operator).toUpper();
        return {Advisor::tr("The SELECTs joined by %1 return different numbers of columns. "
                            "Give every SELECT the same columns in the same order.")
                        .arg(joinedBy.isEmpty() ? u"UNION"_s : joinedBy),
                {}};
    }
    if (in.first({u"syntax/unterminated-quoted", u"syntax/unrecognized-quote-token",
                  u"syntax/unterminated-string"})) {
        return {Advisor::tr("A quoted string is not closed. Close it with a single quote, and "
                            "double any single quote inside the text ('it''s')."),
                {}};
    }
    if (in.first({u"syntax/end-of-input", u"syntax/incomplete-input", u"syntax/unexpected-end",
                  u"syntax/near-nothing"})) {
        return {Advisor::tr("The statement ends too early. Complete it: a WITH clause needs its "
                            "main SELECT, and every parenthesis must be closed."),
                {}};
    }
    const SqlEngine &spoken = EngineRegistry::forEngine(engine);
    const bool foreignCast = !spoken.hasDoubleColonCast()
            && (in.text.contains(u"::") || (in.statement.contains(u"::")));
    if (foreignCast || in.first({u"syntax/unrecognized-colon-token"})) {
        return {Advisor::tr("%1 has no :: cast. Write %2 instead.")
                        .arg(dialect(engine), code(u"CAST(col AS type)"_s)),
                {}};
    }
    const bool topInText =
            in.has(u"syntax/select-top") && in.text.contains(u"TOP", Qt::CaseInsensitive);
    static const QRegularExpression topInStatement(uR"re(\bSELECT\s+(?:DISTINCT\s+)?TOP\s+\d+)re"_s,
                                                   QRegularExpression::CaseInsensitiveOption);
    if (!spoken.hasSelectTop() && (topInText || topInStatement.match(in.statement).hasMatch())) {
        return {Advisor::tr("%1 has no SELECT TOP n. Put %2 at the end of the query instead.")
                        .arg(dialect(engine), code(u"LIMIT n"_s)),
                {}};
    }
    // The parser may stop after the backquoted name (near "FROM"): the statement shows it too.
    const auto backquoted = [&] {
        if (in.text.contains(u'`'))
            return true;
        const QList<SqlToken> &tokens = in.scope().tokens;
        return std::any_of(tokens.cbegin(), tokens.cend(), [&](const SqlToken &t) {
            return t.kind != SqlTokenKind::String && t.text(in.statement).contains(u'`');
        });
    };
    if (spoken.refusesBackquotes() && backquoted()) {
        return {Advisor::tr("%1 quotes names with double quotes, not backticks. Write %2, or "
                            "leave the name unquoted.")
                        .arg(dialect(engine), code(u"\"name\""_s)),
                {}};
    }
    const auto found =
            in.first({u"syntax/at-or-near", u"syntax/near", u"syntax/right-syntax-near-line",
                      u"syntax/right-syntax-near", u"syntax/unrecognized-token",
                      u"syntax/failed-at-position-quoted", u"syntax/failed-at-position",
                      u"syntax/mismatched-input", u"syntax/incorrect-syntax-near",
                      u"syntax/unexpected-keyword", u"syntax/syntax-error-unexpected"});
    const QString token = captured(found, Capture::Token).trimmed();
    const QString firstWord = token.section(u' ', 0, 0);
    if (const Step distinctOn = distinctOnStep(in); !distinctOn.text.isEmpty())
        return distinctOn;
    if (firstWord.compare(u"ILIKE", Qt::CaseInsensitive) == 0 && !spoken.hasIlike()) {
        const QString note = spoken.ilikeNote();
        return {Advisor::tr("%1 has no ILIKE. Write %2 instead.")
                                .arg(dialect(engine), code(spoken.ilikeReplacement()))
                        + (note.isEmpty() ? QString() : u' ' + note),
                {}};
    }
    const Step fromStatement = syntaxFromStatement(in, firstWord);
    if (!fromStatement.text.isEmpty())
        return fromStatement;
    const QueryScope &scope = in.scope();
    const Step placement = placementStep(in, scope, firstWord, token);
    if (!placement.text.isEmpty())
        return placement;
    if (!found || token.isEmpty()) {
        return {Advisor::tr("Check the statement's syntax against the %1 dialect: keywords, "
                            "commas, parentheses and quotes.")
                        .arg(dialect(engine)),
                {}};
    }
    // A reserved word is worth quoting where it stands as a name (after FROM, in a select list,
    // before a dot), or where the statement is not known.
    bool asName = scope.tokens.isEmpty();
    for (qsizetype i = 0; i < scope.tokens.size() && !asName; ++i) {
        if (scope.tokens.at(i).kind == SqlTokenKind::Word
            && scope.tokens.at(i).name.compare(firstWord, Qt::CaseInsensitive) == 0)
            asName = standsAsName(scope.tokens, i);
    }
    if (QueryScope::isReservedWord(firstWord) && asName) {
        const QStringList tables = in.schema
                ? NameSuggester::closest(firstWord, in.schema->tableNames(), MaxSuggestions)
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
