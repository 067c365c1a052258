#include "core/exec/safetyexamination.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

SafetyExamination::Row SafetyExamination::firstRow(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    Row row;
    if (!query.exec(sql)) {
        row.error = query.lastError().databaseText().trimmed();
        if (row.error.isEmpty())
            row.error = query.lastError().text();
        row.code = query.lastError().nativeErrorCode();
        return row;
    }
    if (query.next()) {
        for (int i = 0; i < query.record().count(); ++i)
            row.values.append(query.value(i));
    }
    return row;
}

QStringList SafetyExamination::column(QSqlDatabase &db, const QString &sql, QString *error)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    QStringList values;
    if (!query.exec(sql)) {
        if (error)
            *error = query.lastError().text();
        return values;
    }
    while (query.next())
        values.append(query.value(0).toString());
    return values;
}

bool SafetyExamination::truthy(const QVariant &value)
{
    const QString text = value.toString().toLower();
    return text == u"t" || text == u"true" || text == u"1" || text == u"on" || text == u"yes";
}

void SafetyExamination::odbcOnly()
{
    add(u"engine"_s, Status::Warning, ConnectionDoctor::tr("Engine"),
        ConnectionDoctor::tr("The ODBC driver does not say which database it reaches, so the "
                             "account's privileges cannot be read."),
        ConnectionDoctor::tr("Use an account that may only read."));
}

} // namespace sqlmend::core
