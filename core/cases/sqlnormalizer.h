#pragma once

#include <QString>
#include <QStringView>

namespace sqlmend::core {

// The fix cache's view of a statement: keywords in upper case, white space collapsed to one
// space between tokens and none around ( ) , . ;, line comments and trailing semicolons dropped.
// String literals, quoted identifiers, dollar quotes and block comments (they may be optimizer
// hints) are kept byte for byte; unquoted identifiers keep their letter case, because MySQL table
// names may depend on it. Linear in the input; never fails.
QString normalizedSql(QStringView sql);

// A root cause names the wrong identifier, so only its white space is normalized.
QString normalizedRootCause(QStringView rootCause);

} // namespace sqlmend::core
