#include "core/errors/classifier.h"

#include "core/engines/engineregistry.h"
#include "core/errors/textpattern.h"
#include "core/sql/sqltokenizer.h"

#include <QHash>

#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Root causes are short; their wording template is at the start. Looking at a bounded window keeps
// a 10 MB message cheap to classify.
constexpr qsizetype TextWindow = 16 * 1024;

using EC = ErrorClass;

struct Decision
{
    ErrorClass errorClass;
    QString rule;
};

// --- Codes ------------------------------------------------------------------------------------

bool isSqlStateShape(QStringView code)
{
    if (code.size() != 5)
        return false;
    for (QChar c : code) {
        if (!c.isDigit() && !(c >= u'A' && c <= u'Z'))
            return false;
    }
    return true;
}

bool isAllDigits(QStringView code)
{
    if (code.isEmpty())
        return false;
    for (QChar c : code) {
        if (!c.isDigit())
            return false;
    }
    return true;
}

// The few codes that share a number across causes look at the words; each pattern is compiled
// once per process.
bool textHas(QStringView text, const TextPattern &expression)
{
    return expression.match(text).hasMatch();
}

TextPattern caseless(const QString &pattern)
{
    return TextPattern(pattern, TextPattern::CaseInsensitive);
}

const TextPattern &noOperatorForType()
{
    static const TextPattern expression =
            caseless(uR"(\bcould not identify an? \w+ operator for type\b)"_s);
    return expression;
}

const TextPattern &operatorNotFound()
{
    static const TextPattern expression =
            caseless(uR"(\boperator (?:does not exist|is not unique)\b)"_s);
    return expression;
}

const TextPattern &functionWord()
{
    static const TextPattern expression = caseless(uR"(\bfunction\b)"_s);
    return expression;
}

const TextPattern &typeDoesNotExist()
{
    static const TextPattern expression = caseless(uR"(\btype "?[^"\n]{1,128}"? does not exist)"_s);
    return expression;
}

const TextPattern &accessMethod()
{
    static const TextPattern expression = caseless(uR"(\baccess method\b)"_s);
    return expression;
}

// Five ASCII characters as one number (0 for anything else).
constexpr quint64 stateKey(QStringView state)
{
    quint64 key = 0;
    for (qsizetype i = 0; i < state.size() && i < 5; ++i) {
        if (state[i].unicode() >= 0x80)
            return 0;
        key = (key << 8) | state[i].unicode();
    }
    return key;
}

// SQLSTATE (PostgreSQL family, ODBC, ANSI). Generic states return nothing: the text decides.
std::optional<ErrorClass> fromSqlState(QStringView state, QStringView text)
{
    // 42883 undefined_function also covers operators and types without an operator.
    if (state == u"42883") {
        if (textHas(text, noOperatorForType()))
            return EC::TypeUnsupported;
        if (textHas(text, operatorNotFound()))
            return EC::OperatorMismatch;
        return EC::FunctionMissing;
    }
    // 42725 ambiguous_function: an operator or a function call that needs a cast.
    if (state == u"42725") {
        if (textHas(text, functionWord()))
            return EC::FunctionMissing;
        return EC::OperatorMismatch;
    }
    // 42704 undefined_object: a type, an access method, a role...
    if (state == u"42704") {
        if (textHas(text, typeDoesNotExist()))
            return EC::TypeUnsupported;
        if (textHas(text, accessMethod()))
            return EC::StorageFormat;
        return std::nullopt;
    }
    // The state's five characters as one number: a switch instead of a walk over strings.
    if (state.size() != 5)
        return std::nullopt;
    switch (stateKey(state)) {
    case stateKey(u"42P01"):
    case stateKey(u"42S02"):
    case stateKey(u"S0002"):
    case stateKey(u"3F000"):
        return EC::TableMissing;
    case stateKey(u"42703"):
    case stateKey(u"42S22"):
    case stateKey(u"S0022"):
        return EC::ColumnMissing;
    case stateKey(u"42804"):
    case stateKey(u"42P18"):
        return EC::OperatorMismatch;
    case stateKey(u"42846"):
    case stateKey(u"22P02"):
    case stateKey(u"22007"):
    case stateKey(u"22008"):
    case stateKey(u"22003"):
    case stateKey(u"22001"):
    case stateKey(u"22018"):
    case stateKey(u"22005"):
    case stateKey(u"22P03"):
        return EC::CastError;
    case stateKey(u"22021"):
    case stateKey(u"22P04"):
    case stateKey(u"XX001"):
    case stateKey(u"XX002"):
    case stateKey(u"58P01"):
    case stateKey(u"58030"):
        return EC::StorageFormat;
    case stateKey(u"22012"):
        return EC::DivisionByZero;
    case stateKey(u"42803"):
        return EC::GroupBy;
    case stateKey(u"42702"):
    case stateKey(u"42P09"):
        return EC::AmbiguousColumn;
    case stateKey(u"42601"):
        return EC::Syntax;
    case stateKey(u"25006"):
    case stateKey(u"25001"):
        return EC::ReadOnlyViolation;
    case stateKey(u"42501"):
    case stateKey(u"28000"):
    case stateKey(u"28P01"):
    case stateKey(u"2F003"):
        return EC::Permission;
    case stateKey(u"57014"):
    case stateKey(u"55P03"):
    case stateKey(u"25P03"):
    case stateKey(u"HYT00"):
    case stateKey(u"HYT01"):
    case stateKey(u"HY008"):
    case stateKey(u"70100"):
    case stateKey(u"40P01"):
        return EC::Timeout;
    case stateKey(u"57P01"):
    case stateKey(u"57P02"):
    case stateKey(u"57P03"):
    case stateKey(u"3D000"):
        return EC::Connection;
    case stateKey(u"HY001"):
        return EC::ResourceExceeded;
    default:
        break;
    }
    if (state.startsWith(u"08") || state.startsWith(u"IM"))
        return EC::Connection;
    if (state.startsWith(u"53") || state.startsWith(u"54"))
        return EC::ResourceExceeded;
    return std::nullopt; // 23xxx too: MySQL reports ambiguous columns as 23000
}

// PostgreSQL condition names as some vendors print them ("ERRCODE_UNDEFINED_TABLE").
std::optional<QString> sqlStateOfCondition(QStringView name)
{
    // clang-format off
    static const QHash<QString, QString> states{
        {u"UNDEFINED_TABLE"_s, u"42P01"_s}, {u"UNDEFINED_COLUMN"_s, u"42703"_s},
        {u"UNDEFINED_FUNCTION"_s, u"42883"_s}, {u"UNDEFINED_OBJECT"_s, u"42704"_s},
        {u"INVALID_SCHEMA_NAME"_s, u"3F000"_s}, {u"INSUFFICIENT_PRIVILEGE"_s, u"42501"_s},
        {u"QUERY_CANCELED"_s, u"57014"_s}, {u"OUT_OF_MEMORY"_s, u"53200"_s},
        {u"DISK_FULL"_s, u"53100"_s}, {u"PROGRAM_LIMIT_EXCEEDED"_s, u"54000"_s},
        {u"DATATYPE_MISMATCH"_s, u"42804"_s}, {u"STRING_DATA_RIGHT_TRUNCATION"_s, u"22001"_s},
        {u"INVALID_TEXT_REPRESENTATION"_s, u"22P02"_s}, {u"NUMERIC_VALUE_OUT_OF_RANGE"_s, u"22003"_s},
        {u"DATETIME_FIELD_OVERFLOW"_s, u"22008"_s}, {u"INVALID_DATETIME_FORMAT"_s, u"22007"_s},
        {u"CANNOT_COERCE"_s, u"42846"_s}, {u"DIVISION_BY_ZERO"_s, u"22012"_s},
        {u"GROUPING_ERROR"_s, u"42803"_s}, {u"AMBIGUOUS_COLUMN"_s, u"42702"_s},
        {u"SYNTAX_ERROR"_s, u"42601"_s}, {u"READ_ONLY_SQL_TRANSACTION"_s, u"25006"_s},
        {u"BAD_COPY_FILE_FORMAT"_s, u"22P04"_s}, {u"CHARACTER_NOT_IN_REPERTOIRE"_s, u"22021"_s},
        {u"DATA_CORRUPTED"_s, u"XX001"_s}, {u"INDEX_CORRUPTED"_s, u"XX002"_s},
        {u"LOCK_NOT_AVAILABLE"_s, u"55P03"_s}, {u"TOO_MANY_CONNECTIONS"_s, u"53300"_s},
        {u"INVALID_PASSWORD"_s, u"28P01"_s}, {u"INVALID_AUTHORIZATION_SPECIFICATION"_s, u"28000"_s},
        {u"ADMIN_SHUTDOWN"_s, u"57P01"_s}, {u"CONNECTION_FAILURE"_s, u"08006"_s},
        {u"INVALID_CATALOG_NAME"_s, u"3D000"_s}, {u"UNDEFINED_PARAMETER"_s, u"42P02"_s},
    };
    // clang-format on
    const auto it = states.constFind(name.toString());
    if (it == states.constEnd())
        return std::nullopt;
    return *it;
}

std::optional<ErrorClass> fromSqliteName(QStringView name)
{
    if (name == u"SQLITE_CONSTRAINT_DATATYPE")
        return EC::CastError;
    // clang-format off
    static const QHash<QString, int> primary{
        {u"SQLITE_READONLY"_s, 8}, {u"SQLITE_BUSY"_s, 5}, {u"SQLITE_LOCKED"_s, 6},
        {u"SQLITE_INTERRUPT"_s, 9}, {u"SQLITE_NOMEM"_s, 7}, {u"SQLITE_FULL"_s, 13},
        {u"SQLITE_TOOBIG"_s, 18}, {u"SQLITE_IOERR"_s, 10}, {u"SQLITE_CORRUPT"_s, 11},
        {u"SQLITE_FORMAT"_s, 24}, {u"SQLITE_NOTADB"_s, 26}, {u"SQLITE_CANTOPEN"_s, 14},
        {u"SQLITE_PERM"_s, 3}, {u"SQLITE_AUTH"_s, 23}, {u"SQLITE_MISMATCH"_s, 20},
    };
    // clang-format on
    QStringView base = name;
    for (auto it = primary.constBegin(); it != primary.constEnd(); ++it) {
        const QString &key = it.key();
        if (base.startsWith(key) && (base.size() == key.size() || base.at(key.size()) == u'_'))
            return EngineRegistry::forEngine(Engine::SQLite).errorCodeClass(it.value(), {});
    }
    return std::nullopt;
}

std::optional<ErrorClass> fromMaxComputeCode(QStringView code)
{
    if (code == u"0130131")
        return EC::TableMissing;
    if (code == u"0420095" || code == u"0420111" || code == u"0410042" || code == u"0410051")
        return EC::Permission;
    if (code == u"0130161")
        return EC::Syntax;
    if (code == u"0123091")
        return EC::CastError;
    return std::nullopt; // 0130071 (semantic analysis) and the like are generic
}

// Error names: Trino/Presto error codes, ClickHouse names, BigQuery reasons.
std::optional<ErrorClass> fromErrorName(QStringView name)
{
    // clang-format off
    static const QHash<QString, ErrorClass> names{
        {u"COLUMN_NOT_FOUND"_s, EC::ColumnMissing}, {u"UNKNOWN_IDENTIFIER"_s, EC::ColumnMissing},
        {u"NO_SUCH_COLUMN_IN_TABLE"_s, EC::ColumnMissing}, {u"MISSING_COLUMN_NAME"_s, EC::ColumnMissing},
        {u"TABLE_NOT_FOUND"_s, EC::TableMissing}, {u"SCHEMA_NOT_FOUND"_s, EC::TableMissing},
        {u"CATALOG_NOT_FOUND"_s, EC::TableMissing}, {u"UNKNOWN_TABLE"_s, EC::TableMissing},
        {u"UNKNOWN_DATABASE"_s, EC::TableMissing},
        {u"FUNCTION_NOT_FOUND"_s, EC::FunctionMissing}, {u"UNKNOWN_FUNCTION"_s, EC::FunctionMissing},
        {u"FUNCTION_IMPLEMENTATION_MISSING"_s, EC::FunctionMissing},
        {u"UNKNOWN_AGGREGATE_FUNCTION"_s, EC::FunctionMissing},
        {u"NUMBER_OF_ARGUMENTS_DOESNT_MATCH"_s, EC::FunctionMissing},
        {u"TYPE_MISMATCH"_s, EC::OperatorMismatch}, {u"NO_COMMON_TYPE"_s, EC::OperatorMismatch},
        {u"ILLEGAL_TYPE_OF_ARGUMENT"_s, EC::OperatorMismatch}, {u"ILLEGAL_COLUMN"_s, EC::OperatorMismatch},
        {u"TYPE_NOT_FOUND"_s, EC::TypeUnsupported}, {u"UNKNOWN_TYPE"_s, EC::TypeUnsupported},
        {u"EXCEEDED_LOCAL_MEMORY_LIMIT"_s, EC::ResourceExceeded},
        {u"EXCEEDED_GLOBAL_MEMORY_LIMIT"_s, EC::ResourceExceeded},
        {u"EXCEEDED_MEMORY_LIMIT"_s, EC::ResourceExceeded}, {u"CLUSTER_OUT_OF_MEMORY"_s, EC::ResourceExceeded},
        {u"QUERY_HAS_TOO_MANY_STAGES"_s, EC::ResourceExceeded}, {u"STACK_OVERFLOW"_s, EC::ResourceExceeded},
        {u"EXCEEDED_SPILL_LIMIT"_s, EC::ResourceExceeded}, {u"EXCEEDED_CPU_LIMIT"_s, EC::ResourceExceeded},
        {u"EXCEEDED_SCAN_LIMIT"_s, EC::ResourceExceeded}, {u"QUERY_TEXT_TOO_LARGE"_s, EC::ResourceExceeded},
        {u"MEMORY_LIMIT_EXCEEDED"_s, EC::ResourceExceeded}, {u"TOO_MANY_ROWS"_s, EC::ResourceExceeded},
        {u"TOO_MANY_BYTES"_s, EC::ResourceExceeded}, {u"TOO_MANY_ROWS_OR_BYTES"_s, EC::ResourceExceeded},
        {u"TOO_MANY_PARTS"_s, EC::ResourceExceeded}, {u"TOO_MANY_SIMULTANEOUS_QUERIES"_s, EC::ResourceExceeded},
        {u"resourcesExceeded"_s, EC::ResourceExceeded}, {u"responseTooLarge"_s, EC::ResourceExceeded},
        {u"quotaExceeded"_s, EC::ResourceExceeded}, {u"rateLimitExceeded"_s, EC::ResourceExceeded},
        {u"EXCEEDED_TIME_LIMIT"_s, EC::Timeout}, {u"USER_CANCELED"_s, EC::Timeout},
        {u"TIMEOUT_EXCEEDED"_s, EC::Timeout}, {u"QUERY_WAS_CANCELLED"_s, EC::Timeout},
        {u"MUST_BE_AGGREGATE_OR_GROUP_BY"_s, EC::GroupBy}, {u"NOT_AN_AGGREGATE"_s, EC::GroupBy},
        {u"EXPRESSION_NOT_AGGREGATE"_s, EC::GroupBy}, {u"NESTED_AGGREGATION"_s, EC::GroupBy},
        {u"ILLEGAL_AGGREGATION"_s, EC::GroupBy},
        {u"DIVISION_BY_ZERO"_s, EC::DivisionByZero}, {u"ILLEGAL_DIVISION"_s, EC::DivisionByZero},
        {u"INVALID_CAST_ARGUMENT"_s, EC::CastError}, {u"NUMERIC_VALUE_OUT_OF_RANGE"_s, EC::CastError},
        {u"CANNOT_PARSE_TEXT"_s, EC::CastError}, {u"CANNOT_PARSE_DATETIME"_s, EC::CastError},
        {u"CANNOT_PARSE_NUMBER"_s, EC::CastError}, {u"CANNOT_PARSE_DATE"_s, EC::CastError},
        {u"CANNOT_CONVERT_TYPE"_s, EC::CastError},
        {u"SYNTAX_ERROR"_s, EC::Syntax},
        {u"AMBIGUOUS_NAME"_s, EC::AmbiguousColumn}, {u"AMBIGUOUS_COLUMN_NAME"_s, EC::AmbiguousColumn},
        {u"AMBIGUOUS_IDENTIFIER"_s, EC::AmbiguousColumn},
        {u"PERMISSION_DENIED"_s, EC::Permission}, {u"ACCESS_DENIED"_s, EC::Permission},
        {u"AUTHENTICATION_FAILED"_s, EC::Permission}, {u"accessDenied"_s, EC::Permission},
        {u"READONLY"_s, EC::ReadOnlyViolation},
        {u"UNKNOWN_FORMAT"_s, EC::StorageFormat}, {u"CANNOT_READ_ALL_DATA"_s, EC::StorageFormat},
        {u"CORRUPTED_DATA"_s, EC::StorageFormat}, {u"CHECKSUM_DOESNT_MATCH"_s, EC::StorageFormat},
        {u"INCORRECT_DATA"_s, EC::StorageFormat},
        {u"CANNOT_PARSE_INPUT_ASSERTION_FAILED"_s, EC::StorageFormat},
        {u"NETWORK_ERROR"_s, EC::Connection}, {u"SOCKET_TIMEOUT"_s, EC::Connection},
        {u"ALL_CONNECTION_TRIES_FAILED"_s, EC::Connection}, {u"NO_NODES_AVAILABLE"_s, EC::Connection},
    };
    // clang-format on
    const auto it = names.constFind(name.toString());
    if (it == names.constEnd())
        return std::nullopt;
    return *it;
}

std::optional<Decision> decideByCode(Engine engine, QStringView code, QStringView text)
{
    if (code.isEmpty())
        return std::nullopt;
    const auto decided = [](std::optional<ErrorClass> errorClass,
                            const QString &rule) -> std::optional<Decision> {
        if (!errorClass)
            return std::nullopt;
        return Decision{*errorClass, rule};
    };

    if (code.startsWith(u"ORA-", Qt::CaseInsensitive))
        return decided(
                EngineRegistry::forEngine(Engine::Oracle).errorCodeClass(code.mid(4).toInt(), text),
                u"ora:"_s + code.mid(4).toString());
    if (code.startsWith(u"ODPS-"))
        return decided(fromMaxComputeCode(code.mid(5)), u"odps:"_s + code.mid(5).toString());
    if (code.startsWith(u"SQLITE_"))
        return decided(fromSqliteName(code), u"sqlite:"_s.append(code));
    if (code.startsWith(u"ERRCODE_")) {
        const std::optional<QString> state = sqlStateOfCondition(code.mid(8));
        if (!state)
            return std::nullopt;
        return decided(fromSqlState(*state, text), u"sqlstate:"_s + *state);
    }
    if (!isAllDigits(code) && !isSqlStateShape(code))
        return decided(fromErrorName(code), u"name:"_s.append(code));

    // The engine's own numbering first, where it has one; otherwise only a SQLSTATE is safe.
    const SqlEngine &named = EngineRegistry::forEngine(engine);
    if (isAllDigits(code) && named.ownsErrorCode(code)) {
        QString rule;
        rule.reserve(named.errorCodeRule().size() + 1 + code.size());
        rule.append(named.errorCodeRule()).append(u':').append(code);
        return decided(named.errorCodeClass(code.toInt(), text), rule);
    }
    if (isSqlStateShape(code))
        return decided(fromSqlState(code, text), u"sqlstate:"_s.append(code));
    return std::nullopt;
}

// Error names printed inside the text: ClickHouse "(UNKNOWN_TABLE)", Trino "name=TYPE_MISMATCH",
// Athena "TYPE_MISMATCH: ...".
std::optional<Decision> decideByNameInText(QStringView text)
{
    static const TextPattern nameInText(
            uR"(\(([A-Z][A-Z_]{3,60}[A-Z])\)|\bname=([A-Z][A-Z_]{3,60}[A-Z])\b|^([A-Z][A-Z_]{3,60}[A-Z]): )"_s);
    // Only a name with an underscore decides: text without one has none.
    if (!text.contains(u'_'))
        return std::nullopt;
    for (TextMatch m = nameInText.match(text); m.hasMatch();
         m = nameInText.match(text, qMax(m.capturedEnd(0), m.capturedStart(0) + 1))) {
        for (int group = 1; group <= 3; ++group) {
            const QStringView name = m.capturedView(group);
            if (name.isEmpty() || !name.contains(u'_'))
                continue;
            if (const std::optional<ErrorClass> errorClass = fromErrorName(name))
                return Decision{*errorClass, u"name:"_s + name.toString()};
        }
    }
    return std::nullopt;
}

// --- Text rules ---------------------------------------------------------------------------------

// The rule table (errorruletable.cpp) decides; its captures go with the classification.
std::optional<Decision> decideByText(Engine engine, QStringView text, RuleMatch *match)
{
    std::optional<RuleMatch> found = ErrorRules::match(engine, text);
    if (!found)
        return std::nullopt;
    const Decision decision{found->rule->errorClass, u"text:"_s + found->ruleName()};
    if (match)
        *match = std::move(*found);
    return decision;
}

// DuckDB-style labels ("Conversion Error: ...") name the class when the text does not.
std::optional<Decision> decideByLabel(const QStringList &layers)
{
    struct Entry
    {
        const char16_t *label;
        ErrorClass errorClass;
    };
    static constexpr Entry labels[] = {
            {u"Conversion Error", EC::CastError},
            {u"Out of Memory Error", EC::ResourceExceeded},
            {u"Permission Error", EC::Permission},
            {u"Interrupt Error", EC::Timeout},
            {u"Parser Error", EC::Syntax},
            {u"Syntax Error", EC::Syntax},
            {u"Connection Error", EC::Connection},
            {u"Out of Range Error", EC::CastError},
            {u"Mismatch Type Error", EC::OperatorMismatch},
    };
    for (const QString &layer : layers) {
        for (const Entry &entry : labels) {
            if (layer == QStringView(entry.label))
                return Decision{entry.errorClass, u"label:"_s + layer};
        }
    }
    return std::nullopt;
}

// MariaDB checks the EXECUTE privilege before it looks a routine up, so a query that calls a
// function MariaDB does not have, run by a user without EXECUTE, is refused as a routine
// ("execute command denied to user 'ro'@'%' for routine 'shop.strftime'"). Where the statement is
// a query that calls that name, the name is no built-in function, and no stored one runs for this
// user: the query calls a function it cannot have, as with a missing one. A CALL, or a refusal
// without its statement, stays a refusal.
bool queryCallsRefusedRoutine(Engine engine, QStringView text, QStringView statement)
{
    if (statement.isEmpty())
        return false;
    const std::optional<RuleMatch> refused =
            ErrorRules::matchNamed(engine, text, u"function/routine-not-executable");
    if (!refused)
        return false;
    const QString &routine = refused->capture(Capture::Function);
    QList<SqlToken> tokens = SqlTokenizer(engine).tokenize(statement);
    tokens.removeIf([](const SqlToken &token) { return token.isComment(); });
    if (tokens.isEmpty() || !(tokens.first().isWord(u"SELECT") || tokens.first().isWord(u"WITH")))
        return false;
    for (qsizetype i = 0; i + 1 < tokens.size(); ++i) {
        if (tokens.at(i).kind == SqlTokenKind::Word
            && tokens.at(i).name.compare(routine, Qt::CaseInsensitive) == 0
            && tokens.at(i + 1).kind == SqlTokenKind::OpenParen)
            return true;
    }
    return false;
}

Classification finish(const Decision &decision, bool byCode)
{
    Classification result;
    result.errorClass = decision.errorClass;
    result.terminal = isTerminal(decision.errorClass);
    result.byCode = byCode;
    result.rule = decision.rule;
    return result;
}

// Without a known engine, the client wrapper that the decapsulator removed tells whose numbering
// a code follows ("ERROR 1146 (42S02)" is a MySQL errno, "Code: 60" a ClickHouse code).
Engine engineOfLayers(Engine engine, const QStringList &layers)
{
    if (engine != Engine::Unknown && engine != Engine::Odbc)
        return engine;
    for (const auto &[layer, named] : EngineRegistry::errorLayers()) {
        if (layers.contains(layer))
            return named;
    }
    return engine;
}

} // namespace

Classification Classifier::classify(Engine givenEngine, const DecapsulatedError &error,
                                    QStringView statement)
{
    const Engine engine = engineOfLayers(givenEngine, error.layers);
    const QStringView text = QStringView(error.text()).left(TextWindow);

    // SQLMend's own refusals say what they are by their origin, not by their words.
    if (error.origin == ErrorOrigin::Guard) {
        const bool write = error.code != u"42601";
        return finish({write ? EC::ReadOnlyViolation : EC::Syntax,
                       write ? u"guard:write"_s : u"guard:not_sql"_s},
                      true);
    }
    if (error.origin == ErrorOrigin::Deadline)
        return finish({EC::Timeout, u"executor:deadline"_s}, true);

    RuleMatch match;
    const auto withCaptures = [&](Classification result) {
        if (match.isValid() && match.rule->errorClass == result.errorClass) {
            result.match = std::move(match);
        } else if (std::optional<RuleMatch> found =
                           ErrorRules::match(engine, text, result.errorClass)) {
            result.match = std::move(*found);
        }
        return result;
    };
    const auto called = [&](const Decision &decision) {
        return decision.errorClass == EC::Permission
                        && queryCallsRefusedRoutine(engine, text, statement)
                ? Decision{EC::FunctionMissing, decision.rule + u"+call"_s}
                : decision;
    };
    if (const std::optional<Decision> decision = decideByCode(engine, error.code.trimmed(), text)) {
        // A connection-level code (ODBC 08001, MySQL 2013...) wraps whatever stopped the
        // connection; a refused login or an exhausted connection limit in the server's words is the
        // cause.
        if (decision->errorClass == EC::Connection) {
            if (const std::optional<Decision> byText = decideByText(engine, text, &match); byText
                && (byText->errorClass == EC::Permission
                    || byText->errorClass == EC::ResourceExceeded))
                return withCaptures(finish(*byText, false));
        }
        return withCaptures(finish(called(*decision), true));
    }
    if (const std::optional<Decision> decision =
                decideByNameInText(QStringView(error.raw).left(TextWindow)))
        return withCaptures(finish(*decision, true));
    if (const std::optional<Decision> decision = decideByText(engine, text, &match))
        return withCaptures(finish(called(*decision), false));
    // The text of a wrapper that was not recognised still holds the engine's words.
    if (error.rootCause != error.raw) {
        if (const std::optional<Decision> decision =
                    decideByText(engine, QStringView(error.raw).left(TextWindow), &match))
            return withCaptures(finish(*decision, false));
    }
    if (const std::optional<Decision> decision = decideByLabel(error.layers))
        return withCaptures(finish(*decision, false));
    return finish({EC::Other, u"default"_s}, false);
}

} // namespace sqlmend::core
