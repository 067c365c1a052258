#include "core/errors/engineerror.h"

#include <QSqlError>

namespace sqlmend::core {

EngineError EngineError::fromText(Engine engine, QString text, QString code)
{
    EngineError error;
    error.engine = engine;
    error.text = std::move(text);
    error.nativeCode = std::move(code);
    return error;
}

EngineError EngineError::fromOrigin(ErrorOrigin origin, Engine engine, QString text, QString code)
{
    EngineError error = fromText(engine, std::move(text), std::move(code));
    error.origin = origin;
    return error;
}

EngineError EngineError::fromSqlError(Engine engine, const QSqlError &sqlError)
{
    EngineError error;
    error.engine = engine;
    error.databaseText = sqlError.databaseText();
    error.driverText = sqlError.driverText();
    error.nativeCode = sqlError.nativeErrorCode();
    return error;
}

QString EngineError::rawText() const
{
    if (!text.isEmpty() || (databaseText.isEmpty() && driverText.isEmpty()))
        return text;
    // The same joining rule as QSqlError::text().
    QString result = databaseText;
    if (!databaseText.isEmpty() && !driverText.isEmpty() && !databaseText.endsWith(u'\n'))
        result += u' ';
    result += driverText;
    return result;
}

} // namespace sqlmend::core
