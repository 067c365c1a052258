#include "core/bench/spidermirror.h"

#include <QAtomicInt>
#include <QList>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QVariant>

#include <cmath>
#include <functional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QString quoted(const QString &name)
{
    return u'"' + QString(name).replace(u'"', u"\"\""_s) + u'"';
}

QString uniqueConnectionName(const char *prefix)
{
    static QAtomicInt counter;
    return u"%1-%2"_s.arg(QLatin1String(prefix)).arg(counter.fetchAndAddRelaxed(1));
}

// Removes a named QSqlDatabase connection once every handle to it is gone.
class ConnectionScope
{
public:
    explicit ConnectionScope(QString name) : m_name(std::move(name)) { }
    ~ConnectionScope() { QSqlDatabase::removeDatabase(m_name); }
    ConnectionScope(const ConnectionScope &) = delete;
    ConnectionScope &operator=(const ConnectionScope &) = delete;

private:
    QString m_name;
};

bool fitsInteger(const QVariant &value)
{
    switch (value.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return true;
    case QMetaType::Double: {
        const double d = value.toDouble();
        return std::isfinite(d) && d == std::trunc(d) && std::fabs(d) < 9.0e18;
    }
    default: {
        bool ok = false;
        const qlonglong parsed = value.toString().trimmed().toLongLong(&ok);
        Q_UNUSED(parsed);
        return ok;
    }
    }
}

bool fitsNumber(const QVariant &value)
{
    bool ok = false;
    const double parsed = value.toString().trimmed().toDouble(&ok);
    return ok && std::isfinite(parsed);
}

// The value as the mapped type takes it; the check above passed.
QVariant converted(const QVariant &value, const QString &type)
{
    if (value.isNull())
        return QVariant(QMetaType::fromType<QString>());
    if (type == u"bigint") {
        if (value.metaType().id() == QMetaType::Double)
            return qlonglong(value.toDouble());
        return value.toString().trimmed().toLongLong();
    }
    if (type == u"double precision" || type == u"numeric")
        return value.toString().trimmed().toDouble();
    if (type == u"bytea")
        return value.toByteArray();
    return value.toString();
}

struct SourceTable
{
    QString name;
    QStringList columns;
    QStringList types;
    QList<QVariantList> rows;
};

} // namespace

QString SpiderMirror::schemaName(const QString &dbId)
{
    QString name = u"spider_"_s;
    for (const QChar c : dbId.toLower())
        name.append(c.isLetterOrNumber() && c.unicode() < 128 ? c : QChar(u'_'));
    return name.left(63);
}

QString SpiderMirror::postgresType(const QString &sqliteType)
{
    // SQLite's affinity rules (https://sqlite.org/datatype3.html, 3.1), in their order.
    const QString type = sqliteType.toUpper();
    if (type.contains(u"INT"))
        return u"bigint"_s;
    if (type.contains(u"CHAR") || type.contains(u"CLOB") || type.contains(u"TEXT"))
        return u"text"_s;
    if (type.contains(u"BLOB"))
        return u"bytea"_s;
    if (type.isEmpty())
        return u"text"_s;
    if (type.contains(u"REAL") || type.contains(u"FLOA") || type.contains(u"DOUB"))
        return u"double precision"_s;
    if (type.contains(u"DATE") || type.contains(u"TIME") || type.contains(u"BOOL"))
        return u"text"_s; // SQLite stores these as text or numbers; compare them as text
    return u"numeric"_s;
}

Result<Done> SpiderMirror::copy(const QString &sqlitePath, const QString &dbId,
                                const ConnectionProfile &postgres, const QString &password)
{
    QList<SourceTable> tables;
    {
        const QString name = uniqueConnectionName("sqlmend-mirror-sqlite");
        ConnectionScope scope(name);
        QSqlDatabase source = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        source.setDatabaseName(sqlitePath);
        source.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
        if (!source.open()) {
            return makeFailure(
                    tr("cannot open \"%1\": %2").arg(sqlitePath, source.lastError().text()));
        }
        QSqlQuery list(source);
        if (!list.exec(u"SELECT name FROM sqlite_master WHERE type = 'table' "
                       "AND name NOT LIKE 'sqlite_%' ORDER BY name"_s)) {
            return makeFailure(tr("cannot list the tables of \"%1\": %2")
                                       .arg(sqlitePath, list.lastError().text()));
        }
        while (list.next())
            tables.append(SourceTable{list.value(0).toString(), {}, {}, {}});
        for (SourceTable &table : tables) {
            QSqlQuery info(source);
            if (!info.exec(u"PRAGMA table_info(%1)"_s.arg(quoted(table.name)))) {
                return makeFailure(tr("cannot read the columns of %1: %2")
                                           .arg(table.name, info.lastError().text()));
            }
            QStringList declared;
            while (info.next()) {
                table.columns.append(info.value(1).toString());
                declared.append(info.value(2).toString());
            }
            QSqlQuery rows(source);
            rows.setForwardOnly(true);
            if (!rows.exec(u"SELECT * FROM %1"_s.arg(quoted(table.name)))) {
                return makeFailure(tr("cannot read the rows of %1: %2")
                                           .arg(table.name, rows.lastError().text()));
            }
            while (rows.next()) {
                QVariantList row;
                for (qsizetype c = 0; c < table.columns.size(); ++c)
                    row.append(rows.value(int(c)));
                table.rows.append(row);
            }
            for (qsizetype c = 0; c < table.columns.size(); ++c) {
                QString type = postgresType(declared.at(c));
                for (const QVariantList &row : std::as_const(table.rows)) {
                    const QVariant &value = row.at(c);
                    if (value.isNull())
                        continue;
                    const bool fits = type == u"bigint" ? fitsInteger(value)
                            : (type == u"double precision" || type == u"numeric")
                            ? fitsNumber(value)
                            : type == u"bytea" ? value.metaType().id() == QMetaType::QByteArray
                                               : true;
                    if (!fits) {
                        type = u"text"_s;
                        break;
                    }
                }
                table.types.append(type);
            }
        }
    }

    const QString name = uniqueConnectionName("sqlmend-mirror-pg");
    ConnectionScope scope(name);
    QSqlDatabase target = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
    target.setHostName(postgres.host());
    if (postgres.port() > 0)
        target.setPort(postgres.port());
    target.setUserName(postgres.user());
    target.setPassword(password);
    target.setDatabaseName(postgres.database());
    if (!target.open())
        return makeFailure(tr("cannot connect to PostgreSQL: %1").arg(target.lastError().text()));

    const QString schema = quoted(schemaName(dbId));
    auto run = [&target](const QString &sql) -> QString {
        QSqlQuery query(target);
        return query.exec(sql) ? QString() : query.lastError().text();
    };
    // The server's notices ("does not exist, skipping") are noise on a command line.
    run(u"SET client_min_messages TO warning"_s);
    for (const QString &statement :
         {u"DROP SCHEMA IF EXISTS %1 CASCADE"_s.arg(schema), u"CREATE SCHEMA %1"_s.arg(schema)}) {
        if (const QString error = run(statement); !error.isEmpty())
            return makeFailure(tr("cannot prepare the schema %1: %2").arg(schema, error));
    }
    for (const SourceTable &table : std::as_const(tables)) {
        QStringList definitions;
        QStringList placeholders;
        for (qsizetype c = 0; c < table.columns.size(); ++c) {
            definitions.append(quoted(table.columns.at(c).toLower()) + u' ' + table.types.at(c));
            placeholders.append(u"?"_s);
        }
        const QString qualified = schema + u'.' + quoted(table.name.toLower());
        if (const QString error =
                    run(u"CREATE TABLE %1 (%2)"_s.arg(qualified, definitions.join(u", "_s)));
            !error.isEmpty()) {
            return makeFailure(tr("cannot create %1: %2").arg(qualified, error));
        }
        if (!target.transaction())
            return makeFailure(tr("cannot start a transaction: %1").arg(target.lastError().text()));
        QSqlQuery insert(target);
        if (!insert.prepare(
                    u"INSERT INTO %1 VALUES (%2)"_s.arg(qualified, placeholders.join(u", "_s)))) {
            target.rollback();
            return makeFailure(tr("cannot prepare the copy of %1: %2")
                                       .arg(qualified, insert.lastError().text()));
        }
        for (const QVariantList &row : table.rows) {
            for (qsizetype c = 0; c < row.size(); ++c)
                insert.bindValue(int(c), converted(row.at(c), table.types.at(c)));
            if (!insert.exec()) {
                const QString error = insert.lastError().text();
                target.rollback();
                return makeFailure(tr("cannot copy a row into %1: %2").arg(qualified, error));
            }
        }
        if (!target.commit())
            return makeFailure(tr("cannot commit the copy of %1: %2")
                                       .arg(qualified, target.lastError().text()));
    }
    // The benchmark reads through a read-only role; let every role read the copy.
    run(u"GRANT USAGE ON SCHEMA %1 TO PUBLIC"_s.arg(schema));
    run(u"GRANT SELECT ON ALL TABLES IN SCHEMA %1 TO PUBLIC"_s.arg(schema));
    return Done{};
}

} // namespace sqlmend::core
