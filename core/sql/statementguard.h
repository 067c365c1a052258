#pragma once

#include "core/engines/engine.h"
#include "core/errors/engineerror.h"

#include <QCoreApplication>
#include <QString>
#include <QStringView>

namespace sqlmend::core {

// What the guard decided about one piece of SQL.
struct GuardVerdict
{
    bool allowed = false;
    // "select", "with", "values", "table", "explain", "show", "describe", "pragma" when allowed;
    // the leading keyword in lower case (or empty) when refused.
    QString kind;
    QString reason;        // translated; empty when allowed
    qsizetype offset = -1; // where the offending token starts in the checked text, or -1
    // The SQL could not be read at all (a parse error, an unterminated string or comment): a
    // syntax error for the model to fix, not an attempt to write.
    bool malformed = false;
    // Several statements, each of them read-only: refused, but no attempt to write either; the
    // model or the user is asked to send one at a time.
    bool multiple = false;

    // Nothing in the text would write: it is not SQL (prose, a prompt echo, a marker) or holds
    // several read-only statements. A syntax error for the model to fix, never a write attempt.
    bool notSql = false;
    // PostgreSQL's own grammar (libpg_query) could not read the statement: its message, as the
    // server would give it ("syntax error at or near "WHERE""). The refusal is then diagnosed as
    // that engine error, so the advice and repairs for syntax errors read where it stopped.
    QString parserMessage;

    // The refusal as an error of origin Guard: code 25006 and the "SQLMend guard: " prefix for a
    // write, which the classifier files as read_only_violation for every engine; a malformed query
    // or text that is not SQL becomes a syntax error (code 42601) instead. A statement PostgreSQL's
    // grammar could not read is the engine's own syntax error (parserMessage, code 42601).
    EngineError toEngineError(Engine engine) const;
};

// The first wall against writes: exactly one statement of a read-only kind. PostgreSQL-family
// engines are judged on libpg_query's parse tree; the others on tokens. It refuses when unsure.
class StatementGuard
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::StatementGuard)

public:
    // Longer input is refused unread; no generated or typed query comes near it.
    static constexpr qsizetype maximumLength = 1024 * 1024;

    static GuardVerdict check(QStringView sql, Engine engine);

    // The text that goes to the server: the input up to the end of its last statement, without
    // the semicolons, white space and comments after it ("SELECT 1;;" runs as "SELECT 1").
    // Nothing else changes, and the text is never cut inside a statement.
    static QString runnableText(QStringView sql, Engine engine);
};

} // namespace sqlmend::core
