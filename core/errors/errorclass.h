#pragma once

#include <QList>
#include <QString>
#include <QStringView>

#include <optional>

namespace sqlmend::core {

// The fixed, versioned set of root causes (DESIGN.md, "Error classes").
// The string names are stable: they are written to JSON, logs and the case store.
enum class ErrorClass {
    Permission,
    Timeout,
    StorageFormat,
    ResourceExceeded,
    TypeUnsupported,
    ColumnMissing,
    FunctionMissing,
    OperatorMismatch,
    TableMissing,
    CastError,
    Syntax,
    AmbiguousColumn,
    GroupBy,
    DivisionByZero,
    ReadOnlyViolation,
    Connection,
    Other,
};

// Bumped whenever a class is added, removed or renamed.
inline constexpr int ErrorClassSetVersion = 1;

// What the loop may do after an error of a class.
enum class RetryPolicy {
    Correct,    // the model may correct the SQL
    NarrowOnce, // one narrowing retry, then stop (timeout, resource_exceeded)
    Stop,       // terminal: retrying cannot help
    Transport,  // retried by the transport layer, not by the model
};

QString errorClassName(ErrorClass errorClass);
std::optional<ErrorClass> errorClassFromName(QStringView name);
const QList<ErrorClass> &allErrorClasses();
bool isTerminal(ErrorClass errorClass);
RetryPolicy retryPolicy(ErrorClass errorClass);

} // namespace sqlmend::core
