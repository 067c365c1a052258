#pragma once

#include "core/engines/engine.h"
#include "core/errors/errorclass.h"

#include <QList>
#include <QString>
#include <QStringView>

#include <array>
#include <initializer_list>
#include <optional>

namespace sqlmend::core {

// The parts of a message that later steps need, captured by name in a rule's pattern
// ((?<name>...), (?<table>...), ...). The classifier, the advisor, the repairs and the redaction of
// prompt text all read these, never the message again.
enum class Capture {
    Name,        // the identifier the engine says is missing or wrong, as written (maybe qualified)
    Table,       // the table the engine names beside it
    Function,    // a function or procedure
    Arguments,   // the argument types of a call
    Type,        // a data type
    Value,       // a literal from the data or the statement: never sent to a model unredacted
    Token,       // where a parser stopped
    Object,      // the object a privilege, storage or write failure is about
    Operator,    // an operator
    Left,        // the left operand's type
    Right,       // the right operand's type
    Suggestions, // the engine's own "did you mean" list
};
inline constexpr int CaptureCount = 12;
// "name", "table", ...: the group names patterns use.
QString captureName(Capture capture);

// Which engines write a message shape; Any for shapes several engines share.
enum class EngineFamily : quint16 {
    Any = 0,
    Postgres = 1 << 0,
    Mysql = 1 << 1,
    Sqlite = 1 << 2,
    SqlServer = 1 << 3,
    Oracle = 1 << 4,
    ClickHouse = 1 << 5,
    Trino = 1 << 6,
    DuckDB = 1 << 7,
    Snowflake = 1 << 8,
    BigQuery = 1 << 9,
    MaxCompute = 1 << 10,
};
constexpr quint16 operator|(EngineFamily a, EngineFamily b)
{
    return quint16(a) | quint16(b);
}
EngineFamily engineFamily(Engine engine);

// One row of the rule table: one message shape. Rows are tried by priority (lower first, then in
// table order); the first whose pattern matches decides the class and supplies the captures.
struct ErrorRule
{
    const char16_t *name; // stable: written to logs and JSON as "text:<name>"
    ErrorClass errorClass;
    int priority;
    quint16 engines;         // EngineFamily bits; 0: any engine
    const char16_t *pattern; // case-insensitive, multi-line; named captures as in Capture
    // Too loose to decide a class: only asked for by name, for what it captures.
    bool captureOnly = false;
};

// A rule that recognised a message, with what it captured.
struct RuleMatch
{
    const ErrorRule *rule = nullptr;
    std::array<QString, CaptureCount> captures;

    bool isValid() const { return rule != nullptr; }
    QString ruleName() const;
    bool is(QStringView name) const { return rule && name == QStringView(rule->name); }
    const QString &capture(Capture which) const { return captures[size_t(which)]; }
    bool has(Capture which) const { return !capture(which).isEmpty(); }
};

// The rule table (errorruletable.cpp) and its matcher. Patterns are compiled once per process, on
// first use, and shared by every thread; a word index keeps a message from being tried against
// rows whose fixed words it does not contain.
class ErrorRules
{
public:
    static const QList<ErrorRule> &rows();
    // The first row (by priority) for this engine whose pattern matches text; with onlyClass, among
    // the rows of that class only (the class came from the engine's code and the captures are
    // still wanted).
    static std::optional<RuleMatch> match(Engine engine, QStringView text,
                                          std::optional<ErrorClass> onlyClass = std::nullopt);
    // One row, asked for by name (the advisor asks for the shapes it treats apart).
    static std::optional<RuleMatch> matchNamed(Engine engine, QStringView text, QStringView name);
    // The first of these rows that matches.
    static std::optional<RuleMatch> firstOf(Engine engine, QStringView text,
                                            std::initializer_list<QStringView> names);
    static bool hasRow(QStringView name);
    // What a parser says it expected where it stopped, each item as written (ClickHouse:
    // "Expected one of: FINAL, UNION ALL, ..., subquery or list of joined tables", "Expected
    // ALL"); empty where the message lists nothing. The server's own grammar: a word missing
    // here is one this server does not have at that place.
    static QStringList parserExpected(QStringView text);
    // Every pattern compiles (for tests).
    static QStringList invalidPatterns();
};

} // namespace sqlmend::core
