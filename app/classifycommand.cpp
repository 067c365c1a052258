#include "app/classifycommand.h"

#include "app/commandline.h"

#include "core/errors/diagnosis.h"
#include "core/errors/diagnosisfields.h"
#include "core/export/jsontext.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cerrno>
#include <type_traits>
#include <variant>
#include <cstdio>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

// Buffered: the caller flushes before it waits for more input.
void writeLine(QFile &out, const QJsonObject &object)
{
    out.write(QJsonDocument(object).toJson(QJsonDocument::Compact));
    out.write("\n");
}

// A diagnosis as one JSON line, written field by field: a QJsonObject per line (its CBOR
// elements, then a document to serialise) cost more than the diagnosis itself.
void writeDiagnosis(QFile &out, core::JsonText &json, QByteArray &buffer,
                    const core::Diagnosis &diagnosis)
{
    buffer.clear();
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
    out.write(buffer);
}

QJsonObject errorObject(const QString &message)
{
    QJsonObject object;
    object.insert(u"error", message);
    return object;
}

// One JSON Lines record -> one diagnosis, or a message saying why the line was not usable.
std::variant<core::Diagnosis, QString> classifyRecord(const QByteArray &line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return QCoreApplication::translate("sqlmend::app", "not JSON: %1 at offset %2")
                .arg(parseError.errorString())
                .arg(parseError.offset);
    }
    if (!document.isObject())
        return QCoreApplication::translate("sqlmend::app", "not a JSON object");
    const QJsonObject record = document.object();
    const QJsonValue message = record.value(u"message");
    if (!message.isString()) {
        return QCoreApplication::translate("sqlmend::app",
                                           "the object has no string field \"message\"");
    }
    QString code;
    const QJsonValue codeValue = record.value(u"code");
    if (codeValue.isString())
        code = codeValue.toString();
    else if (codeValue.isDouble())
        code = QString::number(codeValue.toInteger());
    const core::Engine engine = core::engineFromName(record.value(u"engine").toString());
    return core::diagnose(core::EngineError::fromText(engine, message.toString(), code));
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
    if (!parser.parse(arguments)) {
        std::fprintf(stderr, "sqlmend classify: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(u"help"_s)) {
        printHelp("classify", parser);
        return 0;
    }

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
        writeDiagnosis(out, json, buffer,
                       core::diagnose(core::EngineError::fromText(engine, message)));
        out.flush();
        return 0;
    }

    int status = 0;
    qint64 lineNumber = 0;
    core::JsonText json;
    QByteArray buffer;
    const auto answer = [&](QByteArrayView line) {
        ++lineNumber;
        if (line.endsWith('\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            return;
        std::variant<core::Diagnosis, QString> result = classifyRecord(line.toByteArray());
        if (const core::Diagnosis *diagnosis = std::get_if<core::Diagnosis>(&result)) {
            writeDiagnosis(out, json, buffer, *diagnosis);
            return;
        }
        const QString &error = std::get<QString>(result);
        QJsonObject object = errorObject(error);
        object.insert(u"line", lineNumber);
        status = 1;
        std::fprintf(stderr, "sqlmend classify: line %lld: %s\n",
                     static_cast<long long>(lineNumber), qPrintable(error));
        writeLine(out, object);
    };
    // Lines are answered a block of input at a time; the answers go out before the next read.
    QByteArray pending;
    QByteArray block(64 * 1024, Qt::Uninitialized);
    for (;;) {
        qsizetype from = 0;
        for (qsizetype newline = pending.indexOf('\n'); newline >= 0;
             newline = pending.indexOf('\n', from)) {
            answer(QByteArrayView(pending).sliced(from, newline - from));
            from = newline + 1;
        }
        pending.remove(0, from);
        out.flush();
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
    if (!pending.isEmpty())
        answer(pending); // the last line, without a newline
    out.flush();
    return status;
}

} // namespace sqlmend::app
