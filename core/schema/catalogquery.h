#pragma once

#include "core/errors/diagnosis.h"
#include "core/result.h"
#include "core/schema/catalogobjects.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QVariantList>

#include <memory>
#include <optional>

class QSqlDatabase;
class QSqlError;
class QSqlQuery;

// What every engine's catalog reader (SqlEngine::catalogTables() and the rest) is built from:
// the pool a load's text goes into, rows grouped by table, and catalog queries whose every error
// leaves through diagnose().
namespace sqlmend::core::catalog {

using TablesResult = Result<QList<CatalogTable>, Diagnosis>;

// The tables of one load and the pool their text goes into: each distinct name, type and
// comment is held once, however many tables repeat it.
struct Loaded
{
    QList<CatalogTable> tables;
    std::shared_ptr<CatalogStrings> strings = std::make_shared<CatalogStrings>();

    CatalogTable &add(const QString &schema, const QString &name, CatalogTableKind kind)
    {
        CatalogTable table;
        table.schema = strings->shared(schema);
        table.name = strings->shared(name);
        table.kind = kind;
        table.columns = CatalogColumns(strings);
        tables.append(std::move(table));
        return tables.last();
    }
    QString text(const QString &value) { return strings->shared(value); }
    // Sorted by name, and the pool sealed: from here on the tables may go to any thread.
    QList<CatalogTable> finish()
    {
        std::sort(tables.begin(), tables.end(),
                  [](const CatalogTable &a, const CatalogTable &b) { return a.name < b.name; });
        for (CatalogTable &table : tables)
            table.columns.squeeze(); // lists grow by doubling; 50,000 tables keep the slack
        strings->seal();
        return std::move(tables);
    }
};

// Groups catalog rows by table name. Rows usually arrive grouped, so the last table is checked
// before the hash.
class TableIndex
{
public:
    explicit TableIndex(QList<CatalogTable> &tables) : m_tables(tables)
    {
        m_index.reserve(tables.size());
        for (qsizetype i = 0; i < tables.size(); ++i)
            m_index.insert(tables.at(i).name, i);
    }

    CatalogTable *find(const QString &name)
    {
        if (m_last >= 0 && m_tables.at(m_last).name == name)
            return &m_tables[m_last];
        const auto it = m_index.constFind(name);
        if (it == m_index.constEnd())
            return nullptr;
        m_last = it.value();
        return &m_tables[m_last];
    }

private:
    QList<CatalogTable> &m_tables;
    QHash<QString, qsizetype> m_index;
    qsizetype m_last = -1;
};

void setPrimaryKeyPosition(CatalogTable &table, const QString &column, int position);
// Appends one foreign-key column; consecutive rows with the same key id extend the same key.
void addForeignKeyColumn(Loaded &loaded, CatalogTable &table, const QString &keyName,
                         const QString &column, const QString &referencedSchema,
                         const QString &referencedTable, const QString &referencedColumn);

Diagnosis diagnoseSqlError(Engine engine, const QSqlError &error);
// Runs one catalog query forward-only; the diagnosis when the engine refuses it.
std::optional<Diagnosis> run(QSqlQuery &query, Engine engine, const QString &sql,
                             const QVariantList &bindings = {});
// The first value of each row of a query, or the diagnosis when the engine refuses it.
Result<QStringList, Diagnosis> firstColumn(QSqlDatabase &database, Engine engine,
                                           const QString &sql, const QVariantList &bindings = {});
// The values of a query's single row, joined: "" when it fails or returns nothing.
QString firstRow(QSqlDatabase &database, Engine engine, const QString &sql,
                 const QVariantList &bindings);

QString quotedIdentifier(const QString &name);
QString quotedLiteral(const QString &text);

// For engines without a reader of their own (ODBC and the rest): information_schema where it
// exists, else the driver's API.
TablesResult loadFromDriver(QSqlDatabase &database, Engine engine, const QString &schema);
TablesResult loadInformationSchema(QSqlDatabase &database, Engine engine, const QString &schema);
// information_schema's row counts for the schema, or "".
QString countsFingerprint(QSqlDatabase &database, Engine engine, const QString &schema);

} // namespace sqlmend::core::catalog
