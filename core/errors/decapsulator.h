#pragma once

#include "core/errors/engineerror.h"

#include <QString>
#include <QStringList>

namespace sqlmend::core {

// An error with the driver and protocol wrapping stripped off, its parts separated.
struct DecapsulatedError
{
    QString raw;       // the input, untouched
    QString rootCause; // what the engine said, without wrappers, labels, location or hints
    QString code;      // the SQLSTATE / errno / result code, from the driver or found in the text
    QString location;  // "LINE n: ..." and its caret line
    int position = -1; // 1-based character position in the statement, where the engine gave one
    QString hint;
    QString detail;
    QString context;
    QStringList layers; // the wrappers removed, outermost first (e.g. "odbc", "copy", "qpsql")
    ErrorOrigin origin = ErrorOrigin::Engine;

    // What the rules read: the root cause, else the input as it came.
    const QString &text() const { return rootCause.isEmpty() ? raw : rootCause; }
};

class Decapsulator
{
public:
    // Input that matches no wrapper passes through unchanged as the root cause.
    static DecapsulatedError decapsulate(const EngineError &error);
    // Qt's driver texts are also stripped in the language of the translation installed; they are
    // read once, at the first decapsulation. A program that installs or changes translators
    // afterwards calls this so that the next decapsulation reads them again.
    static void reloadDriverTexts();
};

} // namespace sqlmend::core
