#pragma once

#include "core/cases/questiontrace.h"
#include "core/errors/diagnosis.h"
#include "core/schema/linkedtable.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

// One step of an attempt on the timeline: link, generate, parse, cache, autofix, execute,
// diagnose. Times are milliseconds since the question started.
struct TraceSpan
{
    QString name;
    qint64 startMs = 0;
    qint64 endMs = 0;
    qint64 tokens = 0;
    QString outcome; // "ok", "error", "empty", "no_sql", "cancelled", ...

    QJsonObject toJson() const;
    friend bool operator==(const TraceSpan &, const TraceSpan &) = default;
};

// One attempt at a question, as the loop saw it.
struct LoopAttempt
{
    int index = 0; // 0-based position on the timeline
    AttemptOrigin origin = AttemptOrigin::Llm;
    QString sql;
    AttemptOutcome outcome = AttemptOutcome::Error;
    std::optional<Diagnosis> diagnosis; // for errors from the database or the guard
    // Why an attempt failed without a diagnosis (a reply without SQL, SQL already tried, the
    // model unreachable), or the advice given for an empty result.
    QString reason;
    QString advice; // what the next prompt says about this attempt
    QString repair; // for origin Autofix: the repair step ("qualify_column")
    // For a model's attempt: the reply's text as received (reasoning the server sent apart is not
    // in it) and why the model stopped; a reply cut off by the token limit is never run.
    QString replyText;
    QString finishReason;
    bool truncated = false;
    // For a model's attempt: the tables (and their columns) its prompt showed, and why.
    QList<LinkedTable> linkedTables;
    QStringList columns;
    qint64 rowCount = 0;
    qint64 elapsedMs = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    QList<TraceSpan> spans;

    QString errorClassName() const; // the stable class name, or empty
    bool isTerminal() const;
    QString rootCause() const; // the decapsulated root cause, or the reason
    qint64 tokens() const { return promptTokens + completionTokens; }

    AttemptRecord toRecord() const;
    // "llm", "cache", "autofix:<repair>", "user"
    QString originName() const;
    // {"index", "origin", "repair", "sql", "outcome", "class", "terminal", "root_cause", "advice",
    //  "ms", "tokens", "row_count", "reply_text", "finish_reason", "truncated", "linked_tables",
    //  "spans"}
    QJsonObject toJson() const;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::TraceSpan)
Q_DECLARE_METATYPE(sqlmend::core::LoopAttempt)
