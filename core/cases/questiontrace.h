#pragma once

#include "core/schema/linkedtable.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace sqlmend::core {

// How a question ended.
enum class QuestionStatus { Ok, Failed, Terminal, Cancelled, Timeout };
// Where an attempt's SQL came from.
enum class AttemptOrigin { Llm, Cache, Autofix, User };
// What the database (or the guard) made of an attempt.
// Doubtful: a repair's result that ran but does not stand as the answer (AnswerDoubt).
enum class AttemptOutcome { Ok, Empty, Error, Blocked, Timeout, Cancelled, Doubtful };

QString questionStatusName(QuestionStatus status); // "ok", "failed", "terminal", ...
std::optional<QuestionStatus> questionStatusFromName(QStringView name);
QString attemptOriginName(AttemptOrigin origin); // "llm", "cache", "autofix", "user"
std::optional<AttemptOrigin> attemptOriginFromName(QStringView name);
QString attemptOutcomeName(AttemptOutcome outcome); // "ok", "empty", "error", "blocked", ...
std::optional<AttemptOutcome> attemptOutcomeFromName(QStringView name);

// One attempt on a question's timeline, as the loop recorded it.
struct AttemptRecord
{
    int index = 0; // 0-based position on the timeline
    AttemptOrigin origin = AttemptOrigin::Llm;
    QString sql;
    AttemptOutcome outcome = AttemptOutcome::Error;
    QString errorClass; // a stable class name, or empty
    bool terminal = false;
    QString rootCause;
    QString advice;
    QString rawError;
    qint64 elapsedMs = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QList<LinkedTable> linkedTables; // a model's attempt: the schema its prompt showed, and why

    friend bool operator==(const AttemptRecord &, const AttemptRecord &) = default;
};

// A question's whole trace, so that its timeline can be reopened later.
struct QuestionTrace
{
    qint64 id = 0; // 0: not stored yet
    QString question;
    QString datasource;
    QString dialect;
    QuestionStatus status = QuestionStatus::Failed;
    QDateTime started; // UTC
    QDateTime finished;
    QString finalSql; // the SQL that answered, if any
    qint64 totalMs = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QList<AttemptRecord> attempts;
    // Filled by listHistory(), which leaves attempts empty; loadHistory() fills both.
    int attemptCount = 0;

    friend bool operator==(const QuestionTrace &, const QuestionTrace &) = default;
};

// Which questions listHistory() returns, newest first; empty fields do not filter.
struct HistoryFilter
{
    QString datasource;
    std::optional<QuestionStatus> status;
    QString text;    // a substring of the question, letter case ignored for ASCII
    QDateTime since; // started at or after
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::AttemptRecord)
Q_DECLARE_METATYPE(sqlmend::core::QuestionTrace)
