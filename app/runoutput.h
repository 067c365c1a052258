#pragma once

#include "core/exec/rowsink.h"
#include "core/export/exportwriter.h"
#include "core/result.h"

#include <QFile>
#include <QJsonArray>
#include <QSaveFile>

#include <memory>
#include <optional>

namespace sqlmend::core {
class ExportSink;
struct RepairedRun;
} // namespace sqlmend::core

namespace sqlmend::app {

// Where `sqlmend run` puts a statement's rows: streamed as the worker fetches them, through the
// export writers the window uses, to standard output or into a file (atomically: a failed run
// leaves the file as it was). Memory holds a writer's block, never the result.
//   no --json:               the rows in --format (TSV by default)
//   --json:                  one object on standard output whose "rows" stream inside it
//   --json and --output F:   the rows into F, the object (without rows) on standard output
class RunOutput
{
public:
    ~RunOutput();

    // path empty: standard output. format empty: TSV, or the object's own rows with json.
    // Fails (a message) when the file cannot be opened for writing.
    static core::Result<std::unique_ptr<RunOutput>> open(std::optional<core::ExportFormat> format,
                                                         bool json, const QString &path);

    // For RunOptions::rowSink.
    std::shared_ptr<core::RowSink> sink() const;

    // After the run: ends the rows (the file is kept only when the statement succeeded) and
    // prints the object with --json. Yields an error message, or an empty string.
    QString finish(const core::RepairedRun &run, const QJsonArray &attempts);

    qint64 rowsWritten() const;

private:
    RunOutput() = default;

    QFile m_stdout;
    QSaveFile m_file;
    QString m_path;
    bool m_json = false;
    bool m_envelopeRows = false; // the rows stream inside the --json object
    std::shared_ptr<core::ExportSink> m_sink;
};

// object as one line of JSON, with "columns" and "rows" first and written as `run --json` writes
// them (cells as the JSON export writes them: an integral real keeps its point, 651421.0), then
// the object's other members. For `ask --json`, whose rows are already in memory.
QByteArray jsonWithRows(QJsonObject object, const QStringList &columns,
                        const QList<QVariantList> &rows);

} // namespace sqlmend::app
