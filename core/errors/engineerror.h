#pragma once

#include "core/engines/engine.h"

#include <QString>

class QSqlError;

namespace sqlmend::core {

// Who produced an error: the database (through its driver or client), SQLMend's own guard before
// the statement reached the database, or the executor's deadline. Classification reads this, never
// a prefix of the text.
enum class ErrorOrigin { Engine, Guard, Deadline };

// An error exactly as a driver or a client delivered it: either the parts of a QSqlError
// or one raw text. Nothing here is interpreted yet.
struct EngineError
{
    Engine engine = Engine::Unknown;
    QString databaseText; // QSqlError::databaseText()
    QString driverText;   // QSqlError::driverText()
    QString nativeCode;   // QSqlError::nativeErrorCode(), or a code given beside raw text
    QString text;         // raw text, when the error did not come as QSqlError parts
    ErrorOrigin origin = ErrorOrigin::Engine;

    static EngineError fromText(Engine engine, QString text, QString code = {});
    // A refusal or a limit of SQLMend's own, not the database's words.
    static EngineError fromOrigin(ErrorOrigin origin, Engine engine, QString text,
                                  QString code = {});
    static EngineError fromSqlError(Engine engine, const QSqlError &error);

    // The whole text as a user would have seen it (QSqlError::text() for driver errors).
    QString rawText() const;
};

} // namespace sqlmend::core
