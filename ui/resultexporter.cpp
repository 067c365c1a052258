#include "ui/resultexporter.h"

#include "core/continuation.h"
#include "ui/savefiledialog.h"
#include "ui/session.h"

#include <QDir>
#include <QSaveFile>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

struct ResultExporter::RowJob
{
    std::atomic<bool> cancelled{false};
    std::atomic<qint64> written{0};
};

namespace {

struct RowAnswer
{
    qint64 rows = 0;
    QString error;
    bool cancelled = false;
};

RowAnswer writeRows(const core::RowSource &rows, const QString &path, core::ExportFormat format,
                    const std::shared_ptr<std::atomic<bool>> &cancelled,
                    const std::shared_ptr<std::atomic<qint64>> &written)
{
    RowAnswer answer;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        answer.error = file.errorString();
        return answer;
    }
    const std::unique_ptr<core::ExportWriter> writer = core::ExportWriter::create(format, &file);
    const core::Result<qint64> done = rows.writeTo(
            *writer, cancelled.get(), [&written](qint64 count) { written->store(count); }, 500);
    if (!done) {
        file.cancelWriting();
        answer.cancelled = done.error().code == u"cancelled"_s;
        answer.error = done.error().message;
        return answer;
    }
    if (!file.commit()) {
        answer.error = file.errorString();
        return answer;
    }
    answer.rows = *done;
    return answer;
}

} // namespace

ResultExporter::ResultExporter(Session *session, QObject *parent)
    : QObject(parent), m_session(session)
{
    m_progressTimer.setInterval(progressIntervalMs);
    connect(&m_progressTimer, &QTimer::timeout, this, [this] {
        if (m_job)
            Q_EMIT progress(m_job->written.load());
    });
    setSession(session);
}

ResultExporter::~ResultExporter()
{
    // A row export still running stops at its next row; its answer goes nowhere.
    if (m_job)
        m_job->cancelled.store(true);
}

void ResultExporter::setSession(Session *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (!m_session)
        return;
    connect(m_session, &Session::exportProgress, this, [this](qint64 rows) {
        if (m_running && m_queryExport)
            Q_EMIT progress(rows);
    });
    connect(m_session, &Session::exportFinished, this,
            [this](qint64 rows, const QString &path, const QString &error, bool cancelled) {
                if (m_running && m_queryExport)
                    end(rows, path, error, cancelled);
            });
}

bool ResultExporter::exportRows(const core::RowSource &rows, const QString &path,
                                core::ExportFormat format)
{
    if (m_running || path.isEmpty())
        return false;
    auto job = std::make_shared<RowJob>();
    m_job = job;
    m_running = true;
    m_queryExport = false;
    // The pool thread shares only the flags and the rows' immutable copy.
    const auto cancelled = std::shared_ptr<std::atomic<bool>>(job, &job->cancelled);
    const auto written = std::shared_ptr<std::atomic<qint64>>(job, &job->written);
    core::onFinished(QtConcurrent::run([rows, path, format, cancelled, written] {
                         return writeRows(rows, path, format, cancelled, written);
                     }),
                     this, [this, job, path](const QFuture<RowAnswer> &done) {
                         if (m_job != job)
                             return;
                         const std::optional<RowAnswer> answer = core::resultOf(done);
                         if (!answer) {
                             end(0, path, tr("the export job did not run"), false);
                             return;
                         }
                         end(answer->rows, path, answer->error, answer->cancelled);
                     });
    m_progressTimer.start();
    return true;
}

bool ResultExporter::exportQuery(int connection, const QString &sql, const QString &path,
                                 core::ExportFormat format)
{
    if (m_running || !m_session || path.isEmpty() || sql.trimmed().isEmpty())
        return false;
    if (!m_session->exportResult(connection, sql, path, core::exportFormatName(format)))
        return false;
    m_running = true;
    m_queryExport = true;
    return true;
}

void ResultExporter::cancel()
{
    if (!m_running)
        return;
    if (m_queryExport) {
        if (m_session)
            m_session->cancelExport();
    } else if (m_job) {
        m_job->cancelled.store(true);
    }
}

void ResultExporter::end(qint64 rows, const QString &path, const QString &error, bool cancelled)
{
    m_running = false;
    m_job.reset();
    m_progressTimer.stop();
    QString message;
    if (cancelled)
        message = tr("Export cancelled.");
    else if (!error.isEmpty())
        message = tr("Export failed: %1").arg(error);
    else
        message = tr("Exported %n row(s) to %1.", nullptr, int(qMin<qint64>(rows, INT_MAX)))
                          .arg(QDir::toNativeSeparators(path));
    Q_EMIT finished(error.isEmpty() && !cancelled, message);
}

QWidget *ResultExporter::chooseFile(QWidget *parent, const QString &suggestedName, bool holdsAll,
                                    const QObject *context,
                                    std::function<void(const QString &, core::ExportFormat)> done)
{
    auto *dialog = new SaveFileDialog(
            parent, holdsAll ? tr("Export the Rows") : tr("Export the Full Result"));
    const QList<core::ExportFormat> formats = core::exportFormats();
    for (const core::ExportFormat format : formats)
        dialog->addType(core::exportFormatTitle(format), core::exportFormatExtension(format));
    dialog->setSuggestedName(suggestedName);
    if (!holdsAll)
        dialog->setAcceptText(tr("Run Again and Export"));
    connect(dialog, &SaveFileDialog::chosen, context,
            [formats, done = std::move(done)](const QString &path, int type) {
                done(path, formats.value(type, core::ExportFormat::Csv));
            });
    dialog->open();
    return dialog;
}

} // namespace sqlmend::ui
