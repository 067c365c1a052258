#include "app/schemacommand.h"

#include "app/commandline.h"

#include "core/exec/executor.h"
#include "core/schema/schemacatalog.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

void printError(const QString &message)
{
    std::fprintf(stderr, "sqlmend schema: %s\n", qPrintable(message));
}

QJsonObject columnJson(const core::CatalogColumn &column)
{
    QJsonObject object;
    object.insert(u"name", column.name);
    object.insert(u"type", column.type);
    object.insert(u"nullable", column.nullable);
    object.insert(u"primary_key", column.isPrimaryKey());
    object.insert(u"comment", column.comment);
    if (!column.defaultValue.isEmpty())
        object.insert(u"default", column.defaultValue);
    return object;
}

QJsonObject foreignKeyJson(const core::CatalogForeignKey &key)
{
    QJsonObject object;
    object.insert(u"name", key.name);
    object.insert(u"columns", QJsonArray::fromStringList(key.columns));
    object.insert(u"referenced_schema", key.referencedSchema);
    object.insert(u"referenced_table", key.referencedTable);
    object.insert(u"referenced_columns", QJsonArray::fromStringList(key.referencedColumns));
    return object;
}

QJsonObject tableJson(const core::CatalogTable &table)
{
    QJsonObject object;
    object.insert(u"name", table.name);
    object.insert(u"kind", core::catalogTableKindName(table.kind));
    object.insert(u"row_estimate",
                  table.rowEstimate >= 0 ? QJsonValue(table.rowEstimate) : QJsonValue());
    object.insert(u"comment", table.comment);
    if (!table.engine.isEmpty())
        object.insert(u"engine", table.engine);
    QJsonArray columns;
    for (const core::CatalogColumn &column : table.columns)
        columns.append(columnJson(column));
    object.insert(u"columns", columns);
    QJsonArray keys;
    for (const core::CatalogForeignKey &key : table.foreignKeys)
        keys.append(foreignKeyJson(key));
    object.insert(u"foreign_keys", keys);
    return object;
}

QJsonObject catalogJson(const core::SchemaCatalog &catalog)
{
    QJsonArray schemas;
    for (const QString &name : catalog.loadedSchemas()) {
        QJsonArray tables;
        for (const core::CatalogTable &table : catalog.loadedTables(name))
            tables.append(tableJson(table));
        QJsonObject schema;
        schema.insert(u"name", name);
        schema.insert(u"tables", tables);
        schemas.append(schema);
    }
    QJsonObject object;
    object.insert(u"engine", core::engineName(catalog.engine()));
    object.insert(u"schemas", schemas);
    return object;
}

QString tableLine(const core::CatalogTable &table)
{
    const QString kind = core::catalogTableKindName(table.kind);
    // A plain variable as the count: lupdate cannot read a cast expression in that place.
    const int rows = table.rowEstimate > INT_MAX ? INT_MAX : int(table.rowEstimate);
    QString line = table.rowEstimate >= 0
            ? QCoreApplication::translate("sqlmend::app", "%1 (%2, about %n row(s))", nullptr, rows)
                      .arg(table.name, kind)
            : QCoreApplication::translate("sqlmend::app", "%1 (%2)").arg(table.name, kind);
    if (!table.comment.isEmpty())
        line = QCoreApplication::translate("sqlmend::app", "%1 -- %2").arg(line, table.comment);
    return line;
}

QString columnLine(const core::CatalogColumn &column)
{
    QStringList parts = {column.name, column.type};
    if (column.isPrimaryKey())
        parts.append(u"PRIMARY KEY"_s);
    if (!column.nullable)
        parts.append(u"NOT NULL"_s);
    if (!column.defaultValue.isEmpty())
        parts.append(u"DEFAULT "_s + column.defaultValue);
    QString line = parts.join(u' ');
    if (!column.comment.isEmpty())
        line = QCoreApplication::translate("sqlmend::app", "%1 -- %2").arg(line, column.comment);
    return line;
}

QString keyLine(const core::CatalogForeignKey &key)
{
    QString target = key.referencedTable;
    if (!key.referencedColumns.isEmpty())
        target += u'(' + key.referencedColumns.join(u", ") + u')';
    return QCoreApplication::translate("sqlmend::app", "foreign key (%1) references %2")
            .arg(key.columns.join(u", "), target);
}

QString catalogText(const core::SchemaCatalog &catalog)
{
    QString text = core::engineDisplayName(catalog.engine()) + u'\n';
    for (const QString &name : catalog.loadedSchemas()) {
        const QList<core::CatalogTable> tables = catalog.loadedTables(name);
        text += QCoreApplication::translate("sqlmend::app", "schema %1: %n table(s) or view(s)",
                                            nullptr, int(tables.size()))
                        .arg(name)
                + u'\n';
        for (const core::CatalogTable &table : tables) {
            text += u"  "_s + tableLine(table) + u'\n';
            for (const core::CatalogColumn &column : table.columns)
                text += u"    "_s + columnLine(column) + u'\n';
            for (const core::CatalogForeignKey &key : table.foreignKeys)
                text += u"    "_s + keyLine(key) + u'\n';
        }
    }
    return text;
}

// Lists the schemas, then loads the wanted one (or all); runs on the executor's worker thread.
core::Result<core::SchemaCatalog, core::Diagnosis>
loadCatalog(QSqlDatabase &database, core::Engine engine, const QString &wanted)
{
    core::SchemaCatalog catalog(engine);
    const auto schemas = catalog.schemas(database);
    if (!schemas)
        return core::makeUnexpected(schemas.error());
    QStringList names = schemas.value();
    if (!wanted.isEmpty()) {
        if (!names.contains(wanted)) {
            return core::makeUnexpected(core::diagnose(core::EngineError::fromText(
                    engine,
                    QCoreApplication::translate("sqlmend::app", "There is no schema named \"%1\".")
                            .arg(wanted))));
        }
        names = QStringList{wanted};
    }
    for (const QString &name : std::as_const(names)) {
        const auto tables = catalog.tables(database, name);
        if (!tables)
            return core::makeUnexpected(tables.error());
    }
    return catalog;
}

int fail(bool json, core::Engine engine, const core::Diagnosis &diagnosis)
{
    printError(diagnosis.advice.text());
    if (json) {
        QJsonObject object;
        object.insert(u"engine", core::engineName(engine));
        object.insert(u"error", diagnosis.toJson());
        std::fputs(QJsonDocument(object).toJson(QJsonDocument::Indented).constData(), stdout);
    }
    return 1;
}

} // namespace

int runSchemaCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Prints the schema catalog of a database: tables and views, columns with types "
            "and keys, comments and row estimates."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(
            u"db"_s,
            QCoreApplication::translate(
                    "sqlmend::app",
                    "The database URL: sqlite:///path, postgresql://user@host:port/db, "
                    "mysql://user@host:port/db, odbc://DSN."),
            QCoreApplication::translate("sqlmend::app", "url"));
    const QCommandLineOption jsonOption(
            u"json"_s,
            QCoreApplication::translate("sqlmend::app", "Print JSON instead of a text tree."));
    const QCommandLineOption schemaOption(
            u"schema"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Only this schema (default: every schema)."),
            QCoreApplication::translate("sqlmend::app", "name"));
    const QCommandLineOption passwordOption(
            u"password-env"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Read the password from this environment variable."),
            QCoreApplication::translate("sqlmend::app", "variable"));
    parser.addOptions({dbOption, jsonOption, schemaOption, passwordOption});
    if (!parser.parse(arguments)) {
        printError(parser.errorText());
        return 2;
    }
    if (parser.isSet(u"help"_s)) {
        printHelp("schema", parser);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty()) {
        printError(QCoreApplication::translate("sqlmend::app", "unexpected argument '%1'")
                           .arg(parser.positionalArguments().first()));
        return 2;
    }
    if (!parser.isSet(dbOption)) {
        printError(QCoreApplication::translate("sqlmend::app", "--db URL is required"));
        return 2;
    }

    QString urlPassword;
    const core::Result<core::ConnectionProfile> profile =
            core::ConnectionProfile::fromUrl(parser.value(dbOption), &urlPassword);
    if (!profile) {
        printError(profile.error().message);
        return 2;
    }
    const std::optional<QString> password =
            databasePassword("schema", parser, passwordOption, urlPassword);
    if (!password)
        return ExitUsage;

    const bool json = parser.isSet(jsonOption);
    core::Executor executor(profile.value(), *password);
    const core::Result<core::ServerInfo, core::Diagnosis> server = executor.open().result();
    if (!server)
        return fail(json, profile->engine(), server.error());
    const core::Engine engine =
            server->engine != core::Engine::Unknown ? server->engine : profile->engine();
    const QString wanted = parser.value(schemaOption);
    const core::Result<core::SchemaCatalog, core::Diagnosis> catalog =
            executor.submit<core::Result<core::SchemaCatalog, core::Diagnosis>>(
                            [engine, wanted](QSqlDatabase &database) {
                                return loadCatalog(database, engine, wanted);
                            })
                    .result();
    if (!catalog)
        return fail(json, engine, catalog.error());

    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly)) {
        printError(QCoreApplication::translate("sqlmend::app", "cannot open standard output"));
        return 2;
    }
    if (json)
        out.write(QJsonDocument(catalogJson(catalog.value())).toJson(QJsonDocument::Indented));
    else
        out.write(catalogText(catalog.value()).toUtf8());
    return 0;
}

} // namespace sqlmend::app
