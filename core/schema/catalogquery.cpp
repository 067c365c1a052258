#include "core/schema/catalogquery.h"

#include "core/errors/engineerror.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlField>
#include <QSqlIndex>
#include <QSqlQuery>
#include <QSqlRecord>

using namespace Qt::StringLiterals;

namespace sqlmend::core::catalog {

void setPrimaryKeyPosition(CatalogTable &table, const QString &column, int position)
{
    const qsizetype at = table.columns.indexOf(column);
    if (at >= 0)
        table.columns.setPrimaryKeyPosition(at, position);
}

void addForeignKeyColumn(Loaded &loaded, CatalogTable &table, const QString &keyName,
                         const QString &column, const QString &referencedSchema,
                         const QString &referencedTable, const QString &referencedColumn)
{
    if (table.foreignKeys.isEmpty() || table.foreignKeys.last().name != keyName
        || table.foreignKeys.last().referencedTable != referencedTable) {
        CatalogForeignKey key;
        key.name = loaded.text(keyName);
        key.referencedSchema = loaded.text(referencedSchema);
        key.referencedTable = loaded.text(referencedTable);
        table.foreignKeys.append(key);
    }
    CatalogForeignKey &key = table.foreignKeys.last();
    key.columns.append(loaded.text(column));
    if (!referencedColumn.isEmpty())
        key.referencedColumns.append(loaded.text(referencedColumn));
}

Diagnosis diagnoseSqlError(Engine engine, const QSqlError &error)
{
    return diagnose(EngineError::fromSqlError(engine, error));
}

std::optional<Diagnosis> run(QSqlQuery &query, Engine engine, const QString &sql,
                             const QVariantList &bindings)
{
    query.setForwardOnly(true);
    bool ok = false;
    if (bindings.isEmpty()) {
        ok = query.exec(sql);
    } else {
        ok = query.prepare(sql);
        if (ok) {
            for (const QVariant &value : bindings)
                query.addBindValue(value);
            ok = query.exec();
        }
    }
    if (ok)
        return std::nullopt;
    return diagnoseSqlError(engine, query.lastError());
}

Result<QStringList, Diagnosis> firstColumn(QSqlDatabase &database, Engine engine,
                                           const QString &sql, const QVariantList &bindings)
{
    QSqlQuery query(database);
    if (std::optional<Diagnosis> failure = run(query, engine, sql, bindings))
        return makeUnexpected(*failure);
    QStringList values;
    while (query.next())
        values.append(query.value(0).toString());
    return values;
}

QString firstRow(QSqlDatabase &database, Engine engine, const QString &sql,
                 const QVariantList &bindings)
{
    QSqlQuery query(database);
    if (run(query, engine, sql, bindings) || !query.next())
        return {};
    QStringList values;
    for (int i = 0; i < query.record().count(); ++i)
        values.append(query.isNull(i) ? u"-"_s : query.value(i).toString());
    return values.join(u'/');
}

QString quotedIdentifier(const QString &name)
{
    QString result = name;
    result.replace(u'"', u"\"\""_s);
    return u'"' + result + u'"';
}

QString quotedLiteral(const QString &text)
{
    QString result = text;
    result.replace(u'\'', u"''"_s);
    return u'\'' + result + u'\'';
}

TablesResult loadFromDriver(QSqlDatabase &database, Engine engine, const QString &schema)
{
    Loaded loaded;
    const auto addAll = [&](QSql::TableType type, CatalogTableKind kind) {
        for (const QString &name : database.tables(type)) {
            CatalogTable &table = loaded.add(schema, name, kind);
            const QSqlRecord record = database.record(name);
            const QSqlIndex primary = database.primaryIndex(name);
            for (int i = 0; i < record.count(); ++i) {
                const QSqlField field = record.field(i);
                CatalogColumn column;
                column.name = field.name();
                column.type = QString::fromLatin1(field.metaType().name());
                column.nullable = field.requiredStatus() != QSqlField::Required;
                column.primaryKeyPosition = primary.indexOf(field.name()) + 1;
                table.columns.append(column);
            }
        }
    };
    addAll(QSql::Tables, CatalogTableKind::Table);
    addAll(QSql::Views, CatalogTableKind::View);
    if (loaded.tables.isEmpty() && database.lastError().isValid())
        return makeUnexpected(diagnoseSqlError(engine, database.lastError()));
    return loaded.finish();
}

TablesResult loadInformationSchema(QSqlDatabase &database, Engine engine, const QString &schema)
{
    Loaded loaded;
    QSqlQuery query(database);
    if (run(query, engine,
            u"SELECT table_name, table_type FROM information_schema.tables WHERE table_schema = ?"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    while (query.next()) {
        loaded.add(schema, query.value(0).toString(),
                   query.value(1).toString().contains(u"VIEW", Qt::CaseInsensitive)
                           ? CatalogTableKind::View
                           : CatalogTableKind::Table);
    }
    if (run(query, engine,
            u"SELECT table_name, column_name, data_type, is_nullable, column_default "
            "FROM information_schema.columns WHERE table_schema = ? "
            "ORDER BY table_name, ordinal_position"_s,
            {schema})) {
        return loadFromDriver(database, engine, schema);
    }
    TableIndex index(loaded.tables);
    while (query.next()) {
        CatalogTable *table = index.find(query.value(0).toString());
        if (!table)
            continue;
        CatalogColumn column;
        column.name = query.value(1).toString();
        column.type = query.value(2).toString();
        column.nullable = query.value(3).toString().compare(u"YES", Qt::CaseInsensitive) == 0;
        column.defaultValue = query.value(4).toString();
        table->columns.append(column);
    }
    // The keys, where the engine's information_schema has them (a server reached through ODBC):
    // the advice's join paths and the joins a repair may add follow them. A server without these
    // views keeps its tables and columns.
    if (!run(query, engine,
             u"SELECT tc.table_name, kcu.column_name, kcu.ordinal_position "
             "FROM information_schema.table_constraints tc "
             "JOIN information_schema.key_column_usage kcu "
             "ON kcu.constraint_schema = tc.constraint_schema "
             "AND kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name "
             "WHERE tc.table_schema = ? AND tc.constraint_type = 'PRIMARY KEY'"_s,
             {schema})) {
        while (query.next()) {
            if (CatalogTable *table = index.find(query.value(0).toString()))
                setPrimaryKeyPosition(*table, query.value(1).toString(), query.value(2).toInt());
        }
    }
    if (!run(query, engine,
             u"SELECT kcu.table_name, kcu.constraint_name, kcu.column_name, ref.table_schema, "
             "ref.table_name, ref.column_name "
             "FROM information_schema.referential_constraints rc "
             "JOIN information_schema.key_column_usage kcu "
             "ON kcu.constraint_schema = rc.constraint_schema "
             "AND kcu.constraint_name = rc.constraint_name "
             "JOIN information_schema.key_column_usage ref "
             "ON ref.constraint_schema = rc.unique_constraint_schema "
             "AND ref.constraint_name = rc.unique_constraint_name "
             "AND ref.ordinal_position = kcu.position_in_unique_constraint "
             "WHERE kcu.table_schema = ? "
             "ORDER BY kcu.table_name, kcu.constraint_name, kcu.ordinal_position"_s,
             {schema})) {
        while (query.next()) {
            if (CatalogTable *table = index.find(query.value(0).toString()))
                addForeignKeyColumn(loaded, *table, query.value(1).toString(),
                                    query.value(2).toString(), query.value(3).toString(),
                                    query.value(4).toString(), query.value(5).toString());
        }
    }
    return loaded.finish();
}

QString countsFingerprint(QSqlDatabase &database, Engine engine, const QString &schema)
{
    if (schema.isEmpty())
        return {};
    const QString row = firstRow(
            database, engine,
            u"SELECT (SELECT count(*) FROM information_schema.tables WHERE table_schema = ?), "
            "(SELECT count(*) FROM information_schema.columns WHERE table_schema = ?)"_s,
            {schema, schema});
    return row.isEmpty() ? QString() : u"counts/"_s + row;
}

} // namespace sqlmend::core::catalog
