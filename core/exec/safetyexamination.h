#pragma once

#include "core/exec/connectiondoctor.h"

#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantList>

class QSqlDatabase;

namespace sqlmend::core {

// The doctor's checks on one connection. Each engine adds its own (SqlEngine::examineSafety(),
// usually through a subclass in its file); what every engine gets is odbcOnly(). Nothing it runs
// changes the database.
class SafetyExamination
{
public:
    using Status = SafetyCheck::Status;

    SafetyExamination(QSqlDatabase &db, SafetyVerdict &verdict) : m_db(db), m_verdict(verdict) { }

    void add(const QString &id, Status status, const QString &title, const QString &detail,
             const QString &advice = {})
    {
        m_verdict.checks.append({id, status, title, detail, advice});
    }

    // Where the connection gives no way to read the account's privileges.
    void odbcOnly();

protected:
    struct Row
    {
        QVariantList values;
        QString error; // empty when the query ran
        QString code;  // the native error code when it did not

        bool ok() const { return error.isEmpty(); }
        QVariant at(int i) const { return values.value(i); }
    };

    // The first row of a query (an empty row when there is none).
    static Row firstRow(QSqlDatabase &db, const QString &sql);
    // Every first column of a query.
    static QStringList column(QSqlDatabase &db, const QString &sql, QString *error = nullptr);
    static bool truthy(const QVariant &value);

    QSqlDatabase &m_db;
    SafetyVerdict &m_verdict;
};

} // namespace sqlmend::core
