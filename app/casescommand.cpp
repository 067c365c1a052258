#include "app/casescommand.h"

#include "app/commandline.h"

#include "core/cases/casestore.h"
#include "core/cases/conversationstore.h"
#include "core/errors/errorclass.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

// The filter options shared by list and export; false (with a message) on a bad value.
bool readFilter(const QCommandLineParser &parser, core::CaseFilter &filter)
{
    if (parser.isSet(u"kind"_s)) {
        const std::optional<core::CaseKind> kind = core::caseKindFromName(parser.value(u"kind"_s));
        if (!kind) {
            note("cases",
                 QCoreApplication::translate("sqlmend::app", "--kind must be \"good\" or \"bad\""));
            return false;
        }
        filter.kind = kind;
    }
    if (parser.isSet(u"class"_s)) {
        const QString name = parser.value(u"class"_s);
        if (!core::errorClassFromName(name)) {
            note("cases",
                 QCoreApplication::translate("sqlmend::app", "\"%1\" is not an error class")
                         .arg(name));
            return false;
        }
        filter.errorClass = name;
    }
    filter.search = parser.value(u"search"_s);
    return true;
}

QString oneLine(QString text, int width)
{
    text.replace(u'\n', u' ').replace(u'\t', u' ');
    return text.size() > width ? text.left(width - 1) + QChar(0x2026) : text;
}

int listCases(core::CaseStore &store, const QCommandLineParser &parser)
{
    core::CaseFilter filter;
    if (!readFilter(parser, filter))
        return ExitUsage;
    const core::Result<QList<core::CaseRecord>> records = store.listCases(filter);
    if (!records) {
        note("cases", records.error().message);
        return ExitFailed;
    }
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly)) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "cannot write to standard output"));
        return ExitFailed;
    }
    if (parser.isSet(u"json"_s)) {
        QJsonArray array;
        for (const core::CaseRecord &record : records.value())
            array.append(record.toJson());
        out.write(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    for (const core::CaseRecord &record : records.value()) {
        const QString line = u"%1  %2  %3  %4  %5\n"_s.arg(
                QString::number(record.id).rightJustified(6), core::caseKindName(record.kind),
                (record.active ? u"on "_s : u"off"_s),
                (record.errorClass.isEmpty() ? u"-"_s : record.errorClass).leftJustified(18),
                oneLine(record.question, 80));
        out.write(line.toUtf8());
    }
    note("cases",
         QCoreApplication::translate("sqlmend::app", "%n case(s)", nullptr, int(records->size())));
    return ExitOk;
}

int exportCases(core::CaseStore &store, const QCommandLineParser &parser)
{
    core::CaseFilter filter;
    if (!readFilter(parser, filter))
        return ExitUsage;
    const QString target = parser.value(u"output"_s);
    if (target.isEmpty() || target == u"-") {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly)) {
            note("cases",
                 QCoreApplication::translate("sqlmend::app", "cannot write to standard output"));
            return ExitFailed;
        }
        const core::Result<qint64> written = store.exportCases(out, filter);
        if (!written) {
            note("cases", written.error().message);
            return ExitFailed;
        }
        note("cases",
             QCoreApplication::translate("sqlmend::app", "%n case(s) exported", nullptr,
                                         int(written.value())));
        return ExitOk;
    }
    // All or nothing: a failed export leaves no half-written file behind.
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly)) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "cannot write %1: %2")
                     .arg(target, file.errorString()));
        return ExitFailed;
    }
    const core::Result<qint64> written = store.exportCases(file, filter);
    if (!written) {
        note("cases", written.error().message);
        return ExitFailed;
    }
    if (!file.commit()) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "cannot write %1: %2")
                     .arg(target, file.errorString()));
        return ExitFailed;
    }
    note("cases",
         QCoreApplication::translate("sqlmend::app", "%n case(s) exported to %1", nullptr,
                                     int(written.value()))
                 .arg(target));
    return ExitOk;
}

int importCases(core::CaseStore &store, const QString &source)
{
    QFile in;
    const bool opened = source == u"-" ? in.open(stdin, QIODevice::ReadOnly)
                                       : (in.setFileName(source), in.open(QIODevice::ReadOnly));
    if (!opened) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "cannot read %1: %2")
                     .arg(source, in.errorString()));
        return ExitFailed;
    }
    const core::Result<core::ImportReport> report = store.importCases(in);
    if (!report) {
        note("cases", report.error().message);
        return ExitFailed;
    }
    QJsonArray problems;
    for (const core::ImportProblem &problem : report->problems) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "line %1: %2")
                     .arg(problem.line)
                     .arg(problem.reason));
        QJsonObject object;
        object.insert(u"line", problem.line);
        object.insert(u"reason", problem.reason);
        problems.append(object);
    }
    QJsonObject summary;
    summary.insert(u"imported", report->imported);
    summary.insert(u"renumbered", report->renumbered);
    summary.insert(u"skipped", report->skipped);
    summary.insert(u"problems", problems);
    QFile out;
    if (out.open(stdout, QIODevice::WriteOnly))
        out.write(QJsonDocument(summary).toJson(QJsonDocument::Compact) + '\n');
    note("cases",
         QCoreApplication::translate("sqlmend::app", "%n case(s) imported", nullptr,
                                     int(report->imported)));
    if (report->skipped > 0) {
        note("cases",
             QCoreApplication::translate("sqlmend::app",
                                         "%n case(s) skipped: the store has them already", nullptr,
                                         int(report->skipped)));
    }
    return report->problems.isEmpty() ? ExitOk : ExitFailed;
}

// All conversations, newest first, or one with its turns.
int listConversations(core::CaseStore &store, const QCommandLineParser &parser, const QString &name)
{
    core::ConversationStore conversations(store);
    QFile out;
    if (!out.open(stdout, QIODevice::WriteOnly)) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "cannot write to standard output"));
        return ExitFailed;
    }
    const bool json = parser.isSet(u"json"_s);
    if (!name.isEmpty()) {
        const auto found = conversations.conversationNamed(name);
        if (!found) {
            note("cases", found.error().message);
            return ExitFailed;
        }
        if (!found.value()) {
            note("cases",
                 QCoreApplication::translate("sqlmend::app", "there is no conversation \"%1\"")
                         .arg(name));
            return ExitFailed;
        }
        const core::ConversationRecord &record = *found.value();
        if (json) {
            QJsonObject object = record.toJson();
            QJsonArray turns;
            for (const core::ConversationTurn &turn : record.turns)
                turns.append(turn.toJson());
            object.insert(u"turns", turns);
            out.write(QJsonDocument(object).toJson(QJsonDocument::Indented));
            return ExitOk;
        }
        for (const core::ConversationTurn &turn : record.turns) {
            out.write(u"%1  %2  %3\n"_s
                              .arg(QString::number(turn.index + 1).rightJustified(4),
                                   core::questionStatusName(turn.status).leftJustified(9),
                                   oneLine(turn.question, 80))
                              .toUtf8());
            if (!turn.finalSql.isEmpty())
                out.write(u"      %1\n"_s.arg(oneLine(turn.finalSql, 100)).toUtf8());
        }
        return ExitOk;
    }
    const auto records = conversations.listConversations({}, -1);
    if (!records) {
        note("cases", records.error().message);
        return ExitFailed;
    }
    if (json) {
        QJsonArray array;
        for (const core::ConversationRecord &record : records.value())
            array.append(record.toJson());
        out.write(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    for (const core::ConversationRecord &record : records.value()) {
        out.write(u"%1  %2  %3  %4\n"_s
                          .arg(QString::number(record.turnCount).rightJustified(4),
                               oneLine(record.name, 30).leftJustified(30),
                               oneLine(core::ConnectionProfile::withoutPassword(record.datasource),
                                       40)
                                       .leftJustified(40),
                               oneLine(record.title, 60))
                          .toUtf8());
    }
    note("cases",
         QCoreApplication::translate("sqlmend::app", "%n conversation(s)", nullptr,
                                     int(records->size())));
    return ExitOk;
}

} // namespace

int runCasesCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Lists, exports and imports the good and bad cases of a case store.\n"
            "  list    the cases, as a table or with --json as a JSON array\n"
            "  export  JSON Lines, one case a line, to --output FILE or standard output\n"
            "  import  JSON Lines from FILE or - (standard input); bad lines are reported "
            "and skipped, and so are cases the store has already (same kind, question and "
            "SQL)\n"
            "  conversations [NAME]  the conversations (turns, name, database, first question), "
            "or with NAME its turns; --json for JSON\n"
            "A PostgreSQL store's password comes from PGPASSWORD or ~/.pgpass."));
    parser.addHelpOption();
    parser.addPositionalArgument(
            u"action"_s,
            QCoreApplication::translate("sqlmend::app", "list, export, import or conversations"));
    parser.addOptions({
            {u"store"_s,
             QCoreApplication::translate(
                     "sqlmend::app",
                     "The store: a SQLite file, sqlite:///path or postgresql://user@host:port/db"
                     "?schema=name (default: the app's own store)."),
             QCoreApplication::translate("sqlmend::app", "location")},
            {u"kind"_s, QCoreApplication::translate("sqlmend::app", "Only good or only bad cases."),
             QCoreApplication::translate("sqlmend::app", "good|bad")},
            {u"class"_s,
             QCoreApplication::translate("sqlmend::app", "Only cases of this error class."),
             QCoreApplication::translate("sqlmend::app", "name")},
            {u"search"_s,
             QCoreApplication::translate(
                     "sqlmend::app", "Only cases whose question or notes hold all these words."),
             QCoreApplication::translate("sqlmend::app", "text")},
            {u"json"_s,
             QCoreApplication::translate("sqlmend::app", "list, conversations: write JSON.")},
            {u"output"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "export: the file to write; - for standard output."),
             QCoreApplication::translate("sqlmend::app", "file")},
    });
    if (const std::optional<int> exit =
                parseArguments("cases", parser, arguments, /*takesPositional=*/true))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0);
    const bool known = action == u"list" || action == u"export" || action == u"import"
            || action == u"conversations";
    if (!known) {
        note("cases",
             action.isEmpty() ? QCoreApplication::translate(
                     "sqlmend::app", "say list, export, import or conversations")
                              : QCoreApplication::translate(
                                        "sqlmend::app",
                                        "unknown action \"%1\"; say list, export, import or "
                                        "conversations")
                                        .arg(action));
        return ExitUsage;
    }
    if (action == u"conversations" && positional.size() > 2) {
        note("cases",
             QCoreApplication::translate("sqlmend::app", "conversations takes at most one NAME"));
        return ExitUsage;
    }
    if (action != u"conversations"
        && ((action == u"import") != (positional.size() == 2) || positional.size() > 2)) {
        note("cases",
             action == u"import" ? QCoreApplication::translate(
                     "sqlmend::app", "import takes one FILE, or - for standard input")
                                 : QCoreApplication::translate("sqlmend::app",
                                                               "%1 takes no file; use the options")
                                           .arg(action));
        return ExitUsage;
    }
    if (action != u"export" && parser.isSet(u"output"_s)) {
        note("cases", QCoreApplication::translate("sqlmend::app", "--output is for export"));
        return ExitUsage;
    }

    core::CaseStore store;
    const core::Result<core::Done> opened = store.open(parser.value(u"store"_s));
    if (!opened) {
        note("cases", opened.error().message);
        return ExitFailed;
    }
    if (action == u"list")
        return listCases(store, parser);
    if (action == u"export")
        return exportCases(store, parser);
    if (action == u"conversations")
        return listConversations(store, parser, positional.value(1));
    return importCases(store, positional.at(1));
}

} // namespace sqlmend::app
