#include "app/classifycommand.h"

#include "app/commandline.h"

#include "core/errors/diagnosis.h"
#include "core/errors/diagnosisfields.h"
#include "core/export/flatjsonreader.h"
#include "core/export/jsontext.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cerrno>
#include <deque>
#include <type_traits>
#include <variant>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <poll.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

constexpr int MaxThreads = 16;

// Buffered: the caller flushes before it waits for more input.
void writeLine(QFile &out, const QJsonObject &object)
{
    out.write(QJsonDocument(object).toJson(QJsonDocument::Compact));
    out.write("\n");
}

// A diagnosis as one JSON line, written field by field: a QJsonObject per line (its CBOR
// elements, then a document to serialise) cost more than the diagnosis itself.
void writeDiagnosis(QByteArray &out, core::JsonText &json, QByteArray &buffer,
                    const core::Diagnosis &diagnosis)
{
    buffer.resize(0); // keeps its capacity, where clear() would free it
    buffer.append('{');
    bool first = true;
    core::forEachDiagnosisField(diagnosis, [&](QStringView key, const auto &value) {
        using Value = std::decay_t<decltype(value)>;
        if (!first)
            buffer.append(',');
        first = false;
        json.appendString(buffer, key);
        buffer.append(':');
        if constexpr (std::is_same_v<Value, bool>) {
            buffer.append(value ? "true" : "false");
        } else if constexpr (std::is_same_v<Value, QStringList>) {
            buffer.append('[');
            for (qsizetype i = 0; i < value.size(); ++i) {
                if (i > 0)
                    buffer.append(',');
                json.appendString(buffer, value.at(i));
            }
            buffer.append(']');
        } else {
            json.appendString(buffer, value);
        }
    });
    buffer.append("}\n");
    out.append(buffer);
}

QJsonObject errorObject(const QString &message)
{
    QJsonObject object;
    object.insert(u"error", message);
    return object;
}

// The fields a record is read for, in the reader's order.
enum RecordField { MessageField, EngineField, CodeField };

struct Record
{
    QString engine;
    QString message;
    QString code;
    bool hasMessage = false;
};

// One JSON Lines record -> one diagnosis, or a message saying why the line was not usable.
std::variant<core::Diagnosis, QString> classifyRecord(core::FlatJsonReader &reader,
                                                      QByteArrayView line)
{
    Record record;
    if (reader.read(line)) {
        using Kind = core::FlatJsonReader::Kind;
        const core::FlatJsonReader::Field &message = reader.field(MessageField);
        record.hasMessage = message.kind == Kind::String;
        record.message = message.text;
        const core::FlatJsonReader::Field &code = reader.field(CodeField);
        if (code.kind == Kind::String || code.kind == Kind::Integer)
            record.code = code.text;
        if (reader.field(EngineField).kind == Kind::String)
            record.engine = reader.field(EngineField).text;
    } else {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(line.toByteArray(), &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            return QCoreApplication::translate("sqlmend::app", "not JSON: %1 at offset %2")
                    .arg(parseError.errorString())
                    .arg(parseError.offset);
        }
        if (!document.isObject())
            return QCoreApplication::translate("sqlmend::app", "not a JSON object");
        const QJsonObject object = document.object();
        const QJsonValue message = object.value(u"message");
        record.hasMessage = message.isString();
        record.message = message.toString();
        const QJsonValue codeValue = object.value(u"code");
        if (codeValue.isString())
            record.code = codeValue.toString();
        else if (codeValue.isDouble())
            record.code = QString::number(codeValue.toInteger());
        record.engine = object.value(u"engine").toString();
    }
    if (!record.hasMessage) {
        return QCoreApplication::translate("sqlmend::app",
                                           "the object has no string field \"message\"");
    }
    const core::Engine engine = core::engineFromName(record.engine);
    return core::diagnose(
            core::EngineError::fromText(engine, std::move(record.message), std::move(record.code)));
}

// The answers to a block of whole lines: the JSON lines for standard output, the messages for
// standard error, and the exit status they call for. Runs on any thread.
struct Answered
{
    QByteArray out;
    QByteArray err;
    int status = 0;
};

Answered answerLines(QByteArrayView lines, qint64 firstLineNumber)
{
    Answered answered;
    answered.out.reserve(lines.size() * 8);
    core::JsonText json;
    core::FlatJsonReader reader({u"message"_s, u"engine"_s, u"code"_s});
    QByteArray buffer;
    qint64 lineNumber = firstLineNumber - 1;
    for (qsizetype from = 0; from < lines.size();) {
        qsizetype newline = lines.indexOf('\n', from);
        if (newline < 0)
            newline = lines.size();
        QByteArrayView line = lines.sliced(from, newline - from);
        from = newline + 1;
        ++lineNumber;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        std::variant<core::Diagnosis, QString> result = classifyRecord(reader, line);
        if (const core::Diagnosis *diagnosis = std::get_if<core::Diagnosis>(&result)) {
            writeDiagnosis(answered.out, json, buffer, *diagnosis);
            continue;
        }
        const QString &error = std::get<QString>(result);
        QJsonObject object = errorObject(error);
        object.insert(u"line", lineNumber);
        answered.status = 1;
        answered.err += "sqlmend classify: line " + QByteArray::number(lineNumber) + ": "
                + error.toLocal8Bit() + '\n';
        answered.out += QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
    }
    return answered;
}

// Whether standard input has more to read without waiting (or is at its end).
bool inputWaiting()
{
#ifdef Q_OS_UNIX
    pollfd input{0, POLLIN, 0};
    int ready;
    do {
        ready = ::poll(&input, 1, 0);
    } while (ready < 0 && errno == EINTR);
    return ready > 0;
#else
    return false;
#endif
}

} // namespace

int runClassifyCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Diagnoses database errors: reads JSON Lines {\"engine\", \"message\", \"code\"} on "
            "standard input and writes one JSON line per input line. With --engine, the whole "
            "of standard input is one plain-text message."));
    parser.addHelpOption();
    const QCommandLineOption engineOption(
            u"engine"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Treat standard input as one plain-text "
                                        "error message from engine <name>."),
            QCoreApplication::translate("sqlmend::app", "name"));
    parser.addOption(engineOption);
    const QCommandLineOption threadsOption(
            u"threads"_s,
            QCoreApplication::translate("sqlmend::app",
                                        "Diagnose on <n> threads (default: one per core); the "
                                        "answers keep the order of the lines."),
            QCoreApplication::translate("sqlmend::app", "n"));
    parser.addOption(threadsOption);
    if (const std::optional<int> exit =
                parseArguments("classify", parser, arguments, /*takesPositional=*/true))
        return *exit;

    // Unbuffered on input: the lines are answered as soon as they arrive (see the loop below).
    QFile in;
    QFile out;
    if (!in.open(0, QIODevice::ReadOnly | QIODevice::Unbuffered)
        || !out.open(1, QIODevice::WriteOnly)) {
        std::fputs("sqlmend classify: cannot open standard input or output\n", stderr);
        return 2;
    }

    if (parser.isSet(engineOption)) {
        const QString engineName = parser.value(engineOption);
        const core::Engine engine = core::engineFromName(engineName);
        if (engine == core::Engine::Unknown
            && engineName.compare(u"unknown"_s, Qt::CaseInsensitive) != 0) {
            std::fprintf(stderr, "sqlmend classify: %s\n",
                         qPrintable(QCoreApplication::translate(
                                            "sqlmend::app",
                                            "unknown engine '%1'; diagnosing as generic SQL")
                                            .arg(engineName)));
        }
        const QString message = QString::fromUtf8(in.readAll());
        if (message.trimmed().isEmpty()) {
            const QString error =
                    QCoreApplication::translate("sqlmend::app", "no message on standard input");
            std::fprintf(stderr, "sqlmend classify: %s\n", qPrintable(error));
            writeLine(out, errorObject(error));
            out.flush();
            return 1;
        }
        core::JsonText json;
        QByteArray buffer;
        QByteArray line;
        writeDiagnosis(line, json, buffer,
                       core::diagnose(core::EngineError::fromText(engine, message)));
        out.write(line);
        out.flush();
        return 0;
    }

    bool threadsOk = true;
    int threads = parser.isSet(threadsOption) ? parser.value(threadsOption).toInt(&threadsOk)
                                              : QThread::idealThreadCount();
    if (!threadsOk || threads < 1) {
        std::fprintf(
                stderr, "sqlmend classify: %s\n",
                qPrintable(QCoreApplication::translate(
                                   "sqlmend::app", "--threads needs a whole number >= 1, not '%1'")
                                   .arg(parser.value(threadsOption))));
        return 2;
    }
    threads = std::min(threads, MaxThreads);

    int status = 0;
    const auto write = [&](const Answered &answered) {
        out.write(answered.out);
        if (!answered.err.isEmpty())
            std::fwrite(answered.err.constData(), 1, size_t(answered.err.size()), stderr);
        status = std::max(status, answered.status);
    };
    // With more than one thread, blocks of lines are answered side by side and written in the
    // order they were read; a block is never held back once no more input is waiting.
    QThreadPool pool;
    pool.setMaxThreadCount(threads);
    std::deque<QFuture<Answered>> inFlight;
    const auto writeDone = [&](bool all) {
        while (!inFlight.empty() && (all || inFlight.front().isFinished())) {
            write(inFlight.front().result());
            inFlight.pop_front();
        }
    };
    qint64 lineNumber = 0;
    QByteArray pending;
    QByteArray block(64 * 1024, Qt::Uninitialized);
    for (;;) {
        const qsizetype complete = pending.lastIndexOf('\n') + 1;
        if (complete > 0) {
            QByteArray lines = pending.left(complete);
            pending.remove(0, complete);
            const qint64 first = lineNumber + 1;
            lineNumber += lines.count('\n');
            if (threads == 1) {
                write(answerLines(lines, first));
            } else {
                inFlight.push_back(QtConcurrent::run(&pool, answerLines, std::move(lines), first));
                writeDone(false);
                while (inFlight.size() > size_t(2 * threads)) {
                    write(inFlight.front().result());
                    inFlight.pop_front();
                }
            }
        }
        // The answers go out before a read that would wait for more input.
        if (!inputWaiting()) {
            writeDone(true);
            out.flush();
        }
#ifdef Q_OS_UNIX
        // What the pipe holds now (QFile would wait to fill the block).
        qint64 read;
        do {
            read = ::read(0, block.data(), size_t(block.size()));
        } while (read < 0 && errno == EINTR);
#else
        const qint64 read = in.read(block.data(), block.size());
#endif
        if (read <= 0)
            break;
        pending.append(block.constData(), read);
    }
    writeDone(true);
    if (!pending.isEmpty())
        write(answerLines(pending, lineNumber + 1)); // the last line, without a newline
    out.flush();
    return status;
}

} // namespace sqlmend::app
