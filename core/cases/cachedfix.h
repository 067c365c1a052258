#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace sqlmend::core {

// What a fix is cached under. CaseStore normalizes the SQL (normalizedSql()) and the root cause
// (normalizedRootCause()) itself: pass them as the loop saw them.
struct FixKey
{
    QString sql;
    QString errorClass; // a stable class name
    QString rootCause;
    QString datasource;
};

// The SQL that fixed an error once, and how often it was handed out since.
struct CachedFix
{
    QString fixedSql;
    qint64 hitCount = 0;
    QDateTime created;
    QDateTime lastUsed;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::FixKey)
