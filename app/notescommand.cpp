#include "app/notescommand.h"

#include "app/commandline.h"

#include "core/cases/casestore.h"
#include "core/cases/notestore.h"
#include "core/demo/demodatabase.h"
#include "core/sql/connectionprofile.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

constexpr const char *Command = "notes";

void writeStdout(const QByteArray &bytes)
{
    QFile out;
    if (out.open(stdout, QIODevice::WriteOnly))
        out.write(bytes);
}

QByteArray jsonLine(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

// The datasource key, as ask and the window store it: the URL in its canonical form, without a
// password.
std::optional<QString> datasourceOf(const QString &url)
{
    QString target = url;
    if (target == u"demo"_s) {
        const auto demo = core::DemoDatabase::ensure(core::DemoDatabase::defaultPath());
        if (!demo) {
            note(Command, demo.error().message);
            return std::nullopt;
        }
        target = u"sqlite://"_s + demo.value(); // an absolute path: sqlite:///path
    }
    const auto profile = core::ConnectionProfile::fromUrl(target);
    if (!profile) {
        usageError(Command, profile.error().message);
        return std::nullopt;
    }
    return profile->toUrl();
}

int listNotes(core::NoteStore &store, const QString &datasource, bool json)
{
    const core::Result<core::BusinessNotes> notes = store.notes(datasource);
    if (!notes) {
        note(Command, notes.error().message);
        return ExitFailed;
    }
    if (json) {
        QJsonArray array;
        for (const core::BusinessNote &entry : notes->notes())
            array.append(entry.toJson());
        for (const core::GlossaryTerm &term : notes->terms())
            array.append(term.toJson());
        writeStdout(QJsonDocument(array).toJson(QJsonDocument::Indented));
        return ExitOk;
    }
    QByteArray text;
    for (const core::BusinessNote &entry : notes->notes()) {
        text += u"%1  %2\n"_s.arg(entry.target().leftJustified(24), core::noteSummary(&entry, {}))
                        .toUtf8();
    }
    for (const core::GlossaryTerm &term : notes->terms()) {
        QString line = u"\"%1\"  %2"_s.arg(term.term, term.definition.simplified());
        if (!term.tables.isEmpty())
            line += u" (%1)"_s.arg(term.tables.join(u", "_s));
        text += line.toUtf8() + '\n';
    }
    writeStdout(text);
    note(Command,
         QCoreApplication::translate("sqlmend::app", "%n note(s)", nullptr,
                                     int(notes->notes().size()))
                 + u", "_s
                 + QCoreApplication::translate("sqlmend::app", "%n glossary term(s)", nullptr,
                                               int(notes->terms().size())));
    return ExitOk;
}

// The fields the options name replace the stored ones; the others stay.
int setNote(core::NoteStore &store, const QString &datasource, const QCommandLineParser &parser,
            const QString &targetText)
{
    const std::optional<core::NoteTarget> target = core::NoteTarget::parse(targetText);
    if (!target)
        return usageError(Command,
                          QCoreApplication::translate(
                                  "sqlmend::app",
                                  "name a table (orders) or a column (orders.amount), not "
                                  "\"%1\"")
                                  .arg(targetText));
    const core::Result<core::BusinessNotes> notes = store.notes(datasource);
    if (!notes) {
        note(Command, notes.error().message);
        return ExitFailed;
    }
    core::BusinessNote entry;
    if (const core::BusinessNote *held = notes->find(target->table, target->column))
        entry = *held;
    entry.table = target->table;
    entry.column = target->column;
    if (parser.isSet(u"description"_s))
        entry.description = parser.value(u"description"_s).trimmed();
    if (parser.isSet(u"synonym"_s))
        entry.synonyms = parser.values(u"synonym"_s);
    if (parser.isSet(u"value"_s))
        entry.allowedValues = parser.values(u"value"_s);
    if (parser.isSet(u"formula"_s))
        entry.formula = parser.value(u"formula"_s).trimmed();
    entry.synonyms.removeAll(QString());
    entry.allowedValues.removeAll(QString());
    const core::Result<core::Done> stored = store.setNote(datasource, entry);
    if (!stored) {
        note(Command, stored.error().message);
        return stored.error().code == u"invalid" ? ExitUsage : ExitFailed;
    }
    if (entry.isEmpty()) {
        note(Command,
             QCoreApplication::translate("sqlmend::app", "the note on %1 is empty and was removed")
                     .arg(entry.target()));
        return ExitOk;
    }
    const core::Result<core::BusinessNotes> after = store.notes(datasource);
    const core::BusinessNote *saved = after ? after->find(entry.table, entry.column) : nullptr;
    writeStdout(jsonLine(saved ? saved->toJson() : entry.toJson()));
    return ExitOk;
}

int setTerm(core::NoteStore &store, const QString &datasource, const QCommandLineParser &parser)
{
    core::GlossaryTerm term;
    term.term = parser.value(u"term"_s).simplified();
    term.definition = parser.value(u"definition"_s).trimmed();
    term.tables = parser.values(u"table"_s);
    term.tables.removeAll(QString());
    const core::Result<core::Done> stored = store.setTerm(datasource, term);
    if (!stored) {
        note(Command, stored.error().message);
        return stored.error().code == u"invalid" ? ExitUsage : ExitFailed;
    }
    writeStdout(jsonLine(core::GlossaryTerm::fromJson(term.toJson()).value().toJson()));
    return ExitOk;
}

int exportNotes(core::NoteStore &store, const QString &datasource, const QString &target)
{
    const auto done = [](const core::Result<qint64> &written, const QString &where) {
        if (!written) {
            note(Command, written.error().message);
            return ExitFailed;
        }
        note(Command,
             QCoreApplication::translate("sqlmend::app", "%n line(s) exported", nullptr,
                                         int(written.value()))
                     + (where.isEmpty() ? QString() : u" → "_s + where));
        return ExitOk;
    };
    if (target.isEmpty() || target == u"-") {
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly)) {
            note(Command,
                 QCoreApplication::translate("sqlmend::app", "cannot write to standard output"));
            return ExitFailed;
        }
        return done(store.exportNotes(datasource, out), {});
    }
    // All or nothing: a failed export leaves no half-written file behind.
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly)) {
        note(Command,
             QCoreApplication::translate("sqlmend::app", "cannot write %1: %2")
                     .arg(target, file.errorString()));
        return ExitFailed;
    }
    const core::Result<qint64> written = store.exportNotes(datasource, file);
    if (written && !file.commit()) {
        note(Command,
             QCoreApplication::translate("sqlmend::app", "cannot write %1: %2")
                     .arg(target, file.errorString()));
        return ExitFailed;
    }
    return done(written, target);
}

int importNotes(core::NoteStore &store, const QString &datasource, const QString &source)
{
    QFile in;
    const bool opened = source == u"-" ? in.open(stdin, QIODevice::ReadOnly)
                                       : (in.setFileName(source), in.open(QIODevice::ReadOnly));
    if (!opened) {
        note(Command,
             QCoreApplication::translate("sqlmend::app", "cannot read %1: %2")
                     .arg(source, in.errorString()));
        return ExitFailed;
    }
    const core::Result<core::ImportReport> report = store.importNotes(datasource, in);
    if (!report) {
        note(Command, report.error().message);
        return ExitFailed;
    }
    QJsonArray problems;
    for (const core::ImportProblem &problem : report->problems) {
        note(Command,
             QCoreApplication::translate("sqlmend::app", "line %1: %2")
                     .arg(problem.line)
                     .arg(problem.reason));
        problems.append(QJsonObject{{u"line"_s, problem.line}, {u"reason"_s, problem.reason}});
    }
    writeStdout(jsonLine({{u"imported"_s, report->imported},
                          {u"skipped"_s, report->skipped},
                          {u"problems"_s, problems}}));
    note(Command,
         QCoreApplication::translate("sqlmend::app", "%n note(s) or term(s) imported", nullptr,
                                     int(report->imported)));
    return report->problems.isEmpty() ? ExitOk : ExitFailed;
}

} // namespace

int runNotesCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
            "sqlmend::app",
            "Business notes on a database's tables and columns, and its glossary of business "
            "terms, kept in the case store per database; ask writes them into the prompt next "
            "to the names they describe and links the tables they name.\n"
            "  list                 the notes and terms, or with --json as a JSON array\n"
            "  set TABLE[.COLUMN]   --description, --synonym, --value, --formula (the options "
            "given replace those fields; an empty value clears one)\n"
            "  set --term TEXT      --definition TEXT [--table NAME ...]\n"
            "  remove TABLE[.COLUMN] | remove --term TEXT\n"
            "  export               JSON Lines to --output FILE or standard output\n"
            "  import FILE|-        JSON Lines; bad lines are reported with their numbers and "
            "the rest kept"));
    parser.addHelpOption();
    parser.addPositionalArgument(
            u"action"_s,
            QCoreApplication::translate("sqlmend::app", "list, set, remove, export or import"));
    parser.addOptions({
            {u"db"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "The database the notes are about (its URL, or 'demo')."),
             QCoreApplication::translate("sqlmend::app", "url")},
            {u"store"_s,
             QCoreApplication::translate(
                     "sqlmend::app",
                     "The case store: a SQLite file, sqlite:///path or "
                     "postgresql://user@host:port/db?schema=name (default: the app's own "
                     "store; ask reads them from its --cases store)."),
             QCoreApplication::translate("sqlmend::app", "location")},
            {u"description"_s,
             QCoreApplication::translate("sqlmend::app", "set: what the table or column means."),
             QCoreApplication::translate("sqlmend::app", "text")},
            {u"synonym"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "set: another word for it (repeat for more)."),
             QCoreApplication::translate("sqlmend::app", "word")},
            {u"value"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "set: a value it takes (repeat for more)."),
             QCoreApplication::translate("sqlmend::app", "value")},
            {u"formula"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "set: how a business measure is computed from it."),
             QCoreApplication::translate("sqlmend::app", "expression")},
            {u"term"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "set, remove: a glossary term instead of a name."),
             QCoreApplication::translate("sqlmend::app", "text")},
            {u"definition"_s,
             QCoreApplication::translate("sqlmend::app", "set --term: what the term means."),
             QCoreApplication::translate("sqlmend::app", "text")},
            {u"table"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "set --term: a table that answers it (repeat for more)."),
             QCoreApplication::translate("sqlmend::app", "name")},
            {u"json"_s, QCoreApplication::translate("sqlmend::app", "list: write a JSON array.")},
            {u"output"_s,
             QCoreApplication::translate("sqlmend::app",
                                         "export: the file to write; - for standard output."),
             QCoreApplication::translate("sqlmend::app", "file")},
    });
    if (const std::optional<int> exit =
                parseArguments(Command, parser, arguments, /*takesPositional=*/true))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    const QString action = positional.value(0);
    const QStringList actions = {u"list"_s, u"set"_s, u"remove"_s, u"export"_s, u"import"_s};
    if (!actions.contains(action)) {
        return usageError(Command,
                          action.isEmpty()
                                  ? QCoreApplication::translate(
                                          "sqlmend::app", "say list, set, remove, export or import")
                                  : QCoreApplication::translate(
                                            "sqlmend::app",
                                            "unknown action \"%1\"; say list, set, remove, "
                                            "export or import")
                                            .arg(action));
    }
    if (!parser.isSet(u"db"_s))
        return usageError(Command,
                          QCoreApplication::translate("sqlmend::app", "--db URL is required"));
    const bool term = parser.isSet(u"term"_s);
    const bool named = action == u"set" || action == u"remove";
    const qsizetype wanted = action == u"import" || (named && !term) ? 2 : 1;
    if (positional.size() != wanted) {
        if (action == u"import")
            return usageError(
                    Command,
                    QCoreApplication::translate("sqlmend::app",
                                                "import takes one FILE, or - for standard "
                                                "input"));
        if (named && !term)
            return usageError(Command,
                              QCoreApplication::translate("sqlmend::app",
                                                          "%1 takes one TABLE or TABLE.COLUMN, or "
                                                          "--term TEXT")
                                      .arg(action));
        return usageError(Command,
                          QCoreApplication::translate("sqlmend::app", "unexpected argument '%1'")
                                  .arg(positional.last()));
    }
    const bool nameOptions = parser.isSet(u"description"_s) || parser.isSet(u"synonym"_s)
            || parser.isSet(u"value"_s) || parser.isSet(u"formula"_s);
    const bool termOptions = parser.isSet(u"definition"_s) || parser.isSet(u"table"_s);
    if (term && !named)
        return usageError(
                Command,
                QCoreApplication::translate("sqlmend::app", "--term is for set and remove"));
    if ((nameOptions || termOptions) && action != u"set")
        return usageError(
                Command,
                QCoreApplication::translate("sqlmend::app", "the note's fields are for set"));
    if (action == u"set" && (term ? nameOptions : termOptions))
        return usageError(Command,
                          term ? QCoreApplication::translate(
                                  "sqlmend::app", "a term takes --definition and --table")
                               : QCoreApplication::translate(
                                       "sqlmend::app", "--definition and --table are for --term"));
    if (action == u"set" && !term && !nameOptions)
        return usageError(Command,
                          QCoreApplication::translate("sqlmend::app",
                                                      "say what to set: --description, --synonym, "
                                                      "--value or --formula"));
    if (parser.isSet(u"output"_s) && action != u"export")
        return usageError(Command,
                          QCoreApplication::translate("sqlmend::app", "--output is for export"));
    if (parser.isSet(u"json"_s) && action != u"list")
        return usageError(Command,
                          QCoreApplication::translate("sqlmend::app", "--json is for list"));

    const std::optional<QString> datasource = datasourceOf(parser.value(u"db"_s));
    if (!datasource)
        return ExitUsage;
    core::CaseStore cases;
    const core::Result<core::Done> opened = cases.open(parser.value(u"store"_s));
    if (!opened) {
        note(Command, opened.error().message);
        return ExitFailed;
    }
    core::NoteStore store(cases);
    if (action == u"list")
        return listNotes(store, *datasource, parser.isSet(u"json"_s));
    if (action == u"export")
        return exportNotes(store, *datasource, parser.value(u"output"_s));
    if (action == u"import")
        return importNotes(store, *datasource, positional.at(1));
    if (action == u"set")
        return term ? setTerm(store, *datasource, parser)
                    : setNote(store, *datasource, parser, positional.at(1));
    // remove
    core::Result<core::Done> removed = makeUnexpected(core::Failure{});
    if (term) {
        removed = store.removeTerm(*datasource, parser.value(u"term"_s));
    } else {
        const std::optional<core::NoteTarget> target = core::NoteTarget::parse(positional.at(1));
        if (!target)
            return usageError(Command,
                              QCoreApplication::translate(
                                      "sqlmend::app",
                                      "name a table (orders) or a column (orders.amount), "
                                      "not \"%1\"")
                                      .arg(positional.at(1)));
        removed = store.removeNote(*datasource, target->table, target->column);
    }
    if (!removed) {
        note(Command, removed.error().message);
        return ExitFailed;
    }
    return ExitOk;
}

} // namespace sqlmend::app
