#include "app/schemacommand.h"

#include "app/commandline.h"
#include "app/databaseoptions.h"

#include "core/exec/executor.h"
#include "core/export/jsontext.h"
#include "core/schema/catalogcache.h"
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

// Writes the catalog as it arrives, one schema at a time, in blocks: nothing holds more than
// one schema's tables and one block of text. JSON: one line per table inside
// {"engine", "schemas": [{"name", "tables": [...]}]}.
class CatalogPrinter
{
public:
    CatalogPrinter(QIODevice *out, bool json, core::Engine engine)
        : m_out(out), m_json(json), m_engine(engine)
    {
    }

    void begin()
    {
        m_buffer.reserve(BlockSize + 4096);
        if (m_json) {
            m_buffer.append("{\"engine\":");
            m_text.appendString(m_buffer, core::engineName(m_engine));
            m_buffer.append(",\"schemas\":[");
        } else {
            appendText(core::engineDisplayName(m_engine) + u'\n');
        }
    }

    void schema(const QString &name, const QList<core::CatalogTable> &tables)
    {
        if (m_json) {
            m_buffer.append(m_schemas++ == 0 ? "\n{\"name\":" : ",\n{\"name\":");
            m_text.appendString(m_buffer, name);
            m_buffer.append(",\"tables\":[");
            for (qsizetype i = 0; i < tables.size(); ++i) {
                m_buffer.append(i == 0 ? "\n" : ",\n");
                tableJson(tables.at(i));
                flushIfFull();
            }
            m_buffer.append("]}");
        } else {
            appendText(QCoreApplication::translate("sqlmend::app",
                                                   "schema %1: %n table(s) or view(s)", nullptr,
                                                   int(tables.size()))
                               .arg(name)
                       + u'\n');
            for (const core::CatalogTable &table : tables) {
                tableText(table);
                flushIfFull();
            }
        }
        flush();
    }

    // The catalog ends; a failure after the first schema still closes the JSON, with the error.
    void end(const std::optional<core::Diagnosis> &failure = std::nullopt)
    {
        if (m_json) {
            m_buffer.append("\n]");
            if (failure) {
                m_buffer.append(",\"error\":");
                m_buffer.append(QJsonDocument(failure->toJson()).toJson(QJsonDocument::Compact));
            }
            m_buffer.append("}\n");
        }
        flush();
    }

private:
    void appendText(const QString &text) { m_text.appendUtf8(m_buffer, text); }

    void appendBool(bool value) { m_buffer.append(value ? "true" : "false"); }

    void appendStringList(const QStringList &list)
    {
        m_buffer.append('[');
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (i > 0)
                m_buffer.append(',');
            m_text.appendString(m_buffer, list.at(i));
        }
        m_buffer.append(']');
    }

    void tableJson(const core::CatalogTable &table)
    {
        m_buffer.append("{\"name\":");
        m_text.appendString(m_buffer, table.name);
        m_buffer.append(",\"kind\":");
        m_text.appendString(m_buffer, core::catalogTableKindName(table.kind));
        m_buffer.append(",\"row_estimate\":");
        if (table.rowEstimate >= 0)
            m_buffer.append(QByteArray::number(table.rowEstimate));
        else
            m_buffer.append("null");
        m_buffer.append(",\"comment\":");
        m_text.appendString(m_buffer, table.comment);
        if (!table.engine.isEmpty()) {
            m_buffer.append(",\"engine\":");
            m_text.appendString(m_buffer, table.engine);
        }
        m_buffer.append(",\"columns\":[");
        const core::CatalogColumns &columns = table.columns;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            m_buffer.append(i == 0 ? "{\"name\":" : ",{\"name\":");
            m_text.appendString(m_buffer, columns.name(i));
            m_buffer.append(",\"type\":");
            m_text.appendString(m_buffer, columns.type(i));
            m_buffer.append(",\"nullable\":");
            appendBool(columns.isNullable(i));
            m_buffer.append(",\"primary_key\":");
            appendBool(columns.primaryKeyPosition(i) > 0);
            m_buffer.append(",\"comment\":");
            m_text.appendString(m_buffer, columns.comment(i));
            const QString &defaultValue = columns.defaultValue(i);
            if (!defaultValue.isEmpty()) {
                m_buffer.append(",\"default\":");
                m_text.appendString(m_buffer, defaultValue);
            }
            m_buffer.append('}');
        }
        m_buffer.append("],\"foreign_keys\":[");
        for (qsizetype i = 0; i < table.foreignKeys.size(); ++i) {
            const core::CatalogForeignKey &key = table.foreignKeys.at(i);
            m_buffer.append(i == 0 ? "{\"name\":" : ",{\"name\":");
            m_text.appendString(m_buffer, key.name);
            m_buffer.append(",\"columns\":");
            appendStringList(key.columns);
            m_buffer.append(",\"referenced_schema\":");
            m_text.appendString(m_buffer, key.referencedSchema);
            m_buffer.append(",\"referenced_table\":");
            m_text.appendString(m_buffer, key.referencedTable);
            m_buffer.append(",\"referenced_columns\":");
            appendStringList(key.referencedColumns);
            m_buffer.append('}');
        }
        m_buffer.append("]}");
    }

    void tableText(const core::CatalogTable &table)
    {
        const QString kind = core::catalogTableKindName(table.kind);
        // A plain variable as the count: lupdate cannot read a cast expression in that place.
        const int rows = table.rowEstimate > INT_MAX ? INT_MAX : int(table.rowEstimate);
        QString line = table.rowEstimate >= 0
                ? QCoreApplication::translate("sqlmend::app", "%1 (%2, about %n row(s))", nullptr,
                                              rows)
                          .arg(table.name, kind)
                : QCoreApplication::translate("sqlmend::app", "%1 (%2)").arg(table.name, kind);
        if (!table.comment.isEmpty())
            line = QCoreApplication::translate("sqlmend::app", "%1 -- %2").arg(line, table.comment);
        appendText(u"  "_s + line + u'\n');
        for (const core::CatalogColumn &column : table.columns)
            appendText(u"    "_s + columnLine(column) + u'\n');
        for (const core::CatalogForeignKey &key : table.foreignKeys)
            appendText(u"    "_s + keyLine(key) + u'\n');
    }

    static QString columnLine(const core::CatalogColumn &column)
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
            line = QCoreApplication::translate("sqlmend::app", "%1 -- %2")
                           .arg(line, column.comment);
        return line;
    }

    static QString keyLine(const core::CatalogForeignKey &key)
    {
        QString target = key.referencedTable;
        if (!key.referencedColumns.isEmpty())
            target += u'(' + key.referencedColumns.join(u", ") + u')';
        return QCoreApplication::translate("sqlmend::app", "foreign key (%1) references %2")
                .arg(key.columns.join(u", "), target);
    }

    void flushIfFull()
    {
        if (m_buffer.size() >= BlockSize)
            flush();
    }

    void flush()
    {
        if (!m_buffer.isEmpty())
            m_out->write(m_buffer);
        m_buffer.truncate(0); // keeps the block's memory for the next one
    }

    static constexpr qsizetype BlockSize = 64 * 1024;
    QIODevice *m_out;
    bool m_json;
    core::Engine m_engine;
    QByteArray m_buffer;
    core::JsonText m_text;
    int m_schemas = 0;
};

// The schema names to print: every schema, or the wanted one if it exists.
core::Result<QStringList, core::Diagnosis> listSchemas(QSqlDatabase &database, core::Engine engine,
                                                       const QString &wanted)
{
    core::SchemaCatalog catalog(engine);
    const auto schemas = catalog.schemas(database);
    if (!schemas)
        return schemas;
    if (wanted.isEmpty())
        return schemas;
    if (!schemas->contains(wanted)) {
        return core::makeUnexpected(core::diagnose(core::EngineError::fromText(
                engine,
                QCoreApplication::translate("sqlmend::app", "There is no schema named \"%1\".")
                        .arg(wanted))));
    }
    return QStringList{wanted};
}

int fail(bool json, core::Engine engine, const core::Diagnosis &diagnosis)
{
    note("schema", diagnosis.advice.text());
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
    const DatabaseOptions database;
    const QCommandLineOption jsonOption(
            u"json"_s,
            QCoreApplication::translate("sqlmend::app", "Print JSON instead of a text tree."));
    const QCommandLineOption schemaOption(
            u"schema"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Only this schema (default: every schema)."),
            QCoreApplication::translate("sqlmend::app", "name"));
    parser.addOptions(database.options());
    parser.addOptions({jsonOption, schemaOption});
    if (const std::optional<int> exit = parseArguments("schema", parser, arguments))
        return *exit;
    const std::optional<DatabaseOptions::Database> chosen = database.database(parser, "schema");
    if (!chosen)
        return ExitUsage;

    const bool json = parser.isSet(jsonOption);
    core::Executor executor(chosen->profile, chosen->password);
    const core::Result<core::ServerInfo, core::Diagnosis> server = executor.open().result();
    if (!server)
        return fail(json, chosen->profile.engine(), server.error());
    const core::Engine engine =
            server->engine != core::Engine::Unknown ? server->engine : chosen->profile.engine();
    const QString wanted = parser.value(schemaOption);
    const core::Result<QStringList, core::Diagnosis> schemas =
            executor.submit<core::Result<QStringList, core::Diagnosis>>(
                            [engine, wanted](QSqlDatabase &database) {
                                return listSchemas(database, engine, wanted);
                            })
                    .result();
    if (!schemas)
        return fail(json, engine, schemas.error());

    QFile out;
    // Unbuffered: the printer writes whole blocks, which a second buffer would only copy.
    if (!out.open(stdout, QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        note("schema", QCoreApplication::translate("sqlmend::app", "cannot open standard output"));
        return 2;
    }
    // One schema at a time, each through the catalog cache that ask and the window share.
    CatalogPrinter printer(&out, json, engine);
    printer.begin();
    const QString datasource = chosen->profile.toUrl();
    for (const QString &name : schemas.value()) {
        using Snapshot =
                core::Result<std::shared_ptr<const core::CatalogSnapshot>, core::Diagnosis>;
        const Snapshot snapshot =
                executor.submit<Snapshot>([engine, datasource, name](QSqlDatabase &database) {
                            return core::CatalogCache().current(database, engine, datasource, name,
                                                                core::CatalogCache::Needs::Tables);
                        })
                        .result();
        if (!snapshot) {
            note("schema", snapshot.error().advice.text());
            printer.end(snapshot.error());
            return 1;
        }
        printer.schema(name, snapshot.value()->tables);
    }
    printer.end();
    return 0;
}

} // namespace sqlmend::app
