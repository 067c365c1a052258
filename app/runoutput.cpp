#include "app/runoutput.h"

#include "core/export/exportsink.h"
#include "core/export/jsontext.h"
#include "core/repair/repairrun.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

// The opening of `sqlmend run --json`'s object with its rows streamed inside:
// {"columns":[...],"rows":[[cell,...],...]; RunOutput::finish() writes the rest of the object.
// Cells as the JSON export writes them.
class JsonEnvelopeWriter final : public core::ExportWriter
{
public:
    using ExportWriter::ExportWriter;

protected:
    void encodeHeader(QByteArray &out) override
    {
        out.append("{\"columns\":[");
        for (qsizetype i = 0; i < columns().size(); ++i) {
            if (i > 0)
                out.append(',');
            m_json.appendString(out, columns().at(i));
        }
        out.append("],\"rows\":[");
    }

    void encodeRow(QByteArray &out, const QVariantList &row) override
    {
        out.append(rowsWritten() == 0 ? "[" : ",[");
        for (qsizetype i = 0; i < columns().size(); ++i) {
            if (i > 0)
                out.append(',');
            const QVariant &value = row.at(i);
            if (isNull(value))
                out.append("null");
            else if (value.typeId() == QMetaType::QString)
                m_json.appendString(out, *static_cast<const QString *>(value.constData()));
            else if (!appendNumber(out, value))
                m_json.appendString(out, cellText(value));
        }
        out.append(']');
    }

    void encodeFooter(QByteArray &out) override { out.append(']'); }

private:
    core::JsonText m_json;
};

// The rest of object after the streamed opening: its members behind a comma, and the closing
// brace.
QByteArray restAfterRows(QJsonObject object)
{
    object.remove(u"columns");
    object.remove(u"rows");
    if (object.isEmpty())
        return "}";
    return ',' + QJsonDocument(object).toJson(QJsonDocument::Compact).mid(1);
}

QString cannotWrite(const QString &path, const QString &why)
{
    return QCoreApplication::translate("sqlmend::app", "cannot write %1: %2").arg(path, why);
}

} // namespace

RunOutput::~RunOutput() = default;

core::Result<std::unique_ptr<RunOutput>> RunOutput::open(std::optional<core::ExportFormat> format,
                                                         bool json, const QString &path)
{
    std::unique_ptr<RunOutput> output(new RunOutput);
    output->m_json = json;
    output->m_path = path;
    // Unbuffered: the writers already write in large blocks, and a flushed block must reach the
    // reader at once.
    if (!output->m_stdout.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered))
        return core::makeFailure(output->m_stdout.errorString(), u"write"_s);
    QIODevice *rows = &output->m_stdout;
    if (!path.isEmpty()) {
        output->m_file.setFileName(path);
        if (!output->m_file.open(QIODevice::WriteOnly))
            return core::makeFailure(cannotWrite(path, output->m_file.errorString()), u"write"_s);
        rows = &output->m_file;
    }
    std::unique_ptr<core::ExportWriter> writer;
    if (json && path.isEmpty()) {
        output->m_envelopeRows = true;
        writer = std::make_unique<JsonEnvelopeWriter>(rows);
    } else {
        writer = core::ExportWriter::create(format.value_or(core::ExportFormat::Tsv), rows);
    }
    output->m_sink = std::make_shared<core::ExportSink>(std::move(writer));
    return output;
}

std::shared_ptr<core::RowSink> RunOutput::sink() const
{
    return m_sink;
}

qint64 RunOutput::rowsWritten() const
{
    return m_sink->rowsWritten();
}

QString RunOutput::finish(const core::RepairedRun &run, const QJsonArray &attempts)
{
    const core::RunResult &result = run.final().result;
    // A statement that returns no result set (never past the guard) still gets its header.
    if (!m_sink->started() && result.isOk()) {
        QList<QMetaType> types;
        for (const QString &type : result.columnTypes)
            types.append(QMetaType::fromName(type.toLatin1()));
        m_sink->begin(result.columns, types);
    }
    const auto describe = [this](const QString &message) {
        return m_path.isEmpty() ? message : cannotWrite(m_path, message);
    };
    QString error;
    if (m_sink->started()) {
        // A file keeps only a whole answer; standard output has had the rows as they came and
        // gets its ending (JSON stays well-formed), the outcome told by the exit status.
        if (result.isOk() || m_path.isEmpty()) {
            if (const core::Result<core::Done> ended = m_sink->finish(); !ended)
                error = describe(ended.error().message);
        } else if (m_sink->failure()) {
            error = describe(m_sink->failure()->message);
        }
    }
    if (!m_path.isEmpty()) {
        if (result.isOk() && error.isEmpty() && m_sink->started()) {
            if (!m_file.commit())
                error = cannotWrite(m_path, m_file.errorString());
        } else {
            m_file.cancelWriting();
        }
    }
    if (!m_json)
        return error;

    QJsonObject object = result.toJson();
    object.insert(u"attempts", attempts);
    object.insert(u"final_sql", run.final().sql);
    object.insert(u"repaired", run.repaired());
    if (!object.contains(u"error"))
        object.insert(u"error", QJsonValue::Null);
    QByteArray text;
    if (m_envelopeRows && m_sink->started()) {
        // The opening and the rows are out: the rest of the same object follows them.
        text = restAfterRows(object);
    } else {
        if (!m_path.isEmpty()) {
            object.remove(u"rows"); // they are in the file
            object.insert(u"output", m_path);
            object.insert(u"rows_written", m_sink->rowsWritten());
        }
        text = QJsonDocument(object).toJson(QJsonDocument::Compact);
    }
    text.append('\n');
    if (m_stdout.write(text) != text.size() && error.isEmpty())
        error = m_stdout.errorString();
    return error;
}

QByteArray jsonWithRows(QJsonObject object, const QStringList &columns,
                        const QList<QVariantList> &rows)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    JsonEnvelopeWriter writer(&buffer);
    // Into memory: none of these can fail.
    (void)writer.begin(columns);
    for (const QVariantList &row : rows)
        (void)writer.writeRow(row);
    (void)writer.finish();
    return buffer.data() + restAfterRows(std::move(object));
}

} // namespace sqlmend::app
