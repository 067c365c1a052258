#include "core/exec/connectiondoctor.h"

#include "core/engines/engineregistry.h"
#include "core/exec/executor.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QVariant>

#include <optional>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QString SafetyCheck::statusName(Status status)
{
    switch (status) {
    case Status::Ok:
        return u"ok"_s;
    case Status::Info:
        return u"info"_s;
    case Status::Warning:
        return u"warning"_s;
    case Status::Danger:
        return u"danger"_s;
    }
    return {};
}

QString SafetyVerdict::levelName(Level level)
{
    switch (level) {
    case Level::Safe:
        return u"safe"_s;
    case Level::Caution:
        return u"caution"_s;
    case Level::Unsafe:
        return u"unsafe"_s;
    case Level::Unknown:
        return u"unknown"_s;
    }
    return {};
}

QJsonObject SafetyVerdict::toJson() const
{
    QJsonArray list;
    for (const SafetyCheck &check : checks) {
        list.append(QJsonObject{{u"id"_s, check.id},
                                {u"status"_s, SafetyCheck::statusName(check.status)},
                                {u"title"_s, check.title},
                                {u"detail"_s, check.detail},
                                {u"advice"_s, check.advice}});
    }
    return QJsonObject{{u"verdict"_s, levelName(level)},
                       {u"engine"_s, engineName(engine)},
                       {u"user"_s, user},
                       {u"summary"_s, summary},
                       {u"checks"_s, list}};
}

QString SafetyVerdict::toText() const
{
    QString text = summary + u"\n\n"_s;
    for (const SafetyCheck &check : checks) {
        text += u"[%1] %2: %3\n"_s.arg(SafetyCheck::statusName(check.status), check.title,
                                       check.detail);
        if (!check.advice.isEmpty() && check.status != SafetyCheck::Status::Ok)
            text += u"    -> "_s + check.advice + u'\n';
    }
    return text;
}

SafetyVerdict ConnectionDoctor::examine(QSqlDatabase &db, Engine engine)
{
    SafetyVerdict verdict;
    verdict.engine = engine;
    if (engine == Engine::Odbc) {
        if (const Engine backend = EngineRegistry::odbcBackend(db.driver()->dbmsType());
            backend != Engine::Unknown)
            engine = backend;
    }
    EngineRegistry::forEngine(engine).examineSafety(db, verdict);

    bool danger = false;
    bool warning = false;
    for (const SafetyCheck &check : std::as_const(verdict.checks)) {
        danger = danger || check.status == SafetyCheck::Status::Danger;
        warning = warning || check.status == SafetyCheck::Status::Warning;
    }
    const QString who = verdict.user.isEmpty() ? tr("This connection") : verdict.user;
    if (danger) {
        verdict.level = SafetyVerdict::Level::Unsafe;
        verdict.summary = tr("Unsafe: %1 can write, change the server or reach its files. "
                             "SQLMend's guard, read-only session and bounds still stand, but "
                             "they are the only walls left. Connect with a read-only role: it "
                             "is the strongest wall.")
                                  .arg(who);
    } else if (warning) {
        verdict.level = SafetyVerdict::Level::Caution;
        verdict.summary = tr("Caution: SQLMend's read-only session refuses writes, but %1 "
                             "could write if another client used it. A read-only role is the "
                             "strongest wall.")
                                  .arg(who);
    } else {
        verdict.level = SafetyVerdict::Level::Safe;
        verdict.summary = tr("Safe: %1 cannot write, and the read-only session refuses "
                             "writes.")
                                  .arg(who);
    }
    return verdict;
}

QFuture<SafetyVerdict> ConnectionDoctor::examine(Executor &executor)
{
    // Jobs run in order on the worker: by the time the checks run, the open has finished.
    const QFuture<Result<ServerInfo, Diagnosis>> opened = executor.open();
    const Engine urlEngine = executor.profile().engine();
    return executor.submit<SafetyVerdict>([opened, urlEngine](QSqlDatabase &db) {
        const Result<ServerInfo, Diagnosis> server = opened.result();
        if (!server || !db.isOpen()) {
            SafetyVerdict verdict;
            verdict.engine = urlEngine;
            verdict.summary =
                    tr("Unknown: the connection failed, so nothing could be checked: "
                       "%1")
                            .arg(server ? db.lastError().text() : server.error().advice.text());
            return verdict;
        }
        return examine(db, server.value().engine);
    });
}

} // namespace sqlmend::core
