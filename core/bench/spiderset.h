#pragma once

#include "core/result.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace sqlmend::core {

struct SpiderQuestion
{
    int index = 0;
    QString dbId;
    QString question;
    QString goldSql;
};

// A Spider 1.0 format question set: dev.json plus database/<db_id>/<db_id>.sqlite.
class SpiderSet
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::SpiderSet)

public:
    // dir holds dev.json and database/<db_id>/<db_id>.sqlite (Spider 1.0 layout). A clear
    // Failure for a missing folder, unreadable or malformed dev.json, or a db_id without a file.
    static Result<SpiderSet> load(const QString &dir);
    // $SQLMEND_SPIDER_DIR, or empty when unset (the CLI then requires --spider).
    static QString dirFromEnvironment();

    const QList<SpiderQuestion> &questions() const { return m_questions; }
    QStringList databaseIds() const;                 // sorted
    QString databasePath(const QString &dbId) const; // absolute path of the .sqlite file
    QString dir() const { return m_dir; }

private:
    QString m_dir;
    QList<SpiderQuestion> m_questions;
    QHash<QString, QString> m_databasePaths;
};

} // namespace sqlmend::core
