#pragma once

class QCoreApplication;

// What the command line and the window set up alike: the application's identity (settings
// location, version), the translators, and how the process ends.
namespace sqlmend::app {

void setIdentity();

// The language setting (English or Simplified Chinese) applies from the next start.
void installTranslators(QCoreApplication &app);

// Ends the process with code. A connection's worker that an executor left behind (a server that
// stopped answering a connect: the driver returns only at its timeout) must not hold the exit,
// nor run into the static destructors: then the process ends without them. Everything that is
// saved (settings, the case store's transactions) was written before this point.
int leave(int code);

} // namespace sqlmend::app
