#include "core/loop/loopattempt.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

QJsonObject TraceSpan::toJson() const
{
    return QJsonObject{{u"name"_s, name},
                       {u"start_ms"_s, startMs},
                       {u"end_ms"_s, endMs},
                       {u"tokens"_s, tokens},
                       {u"outcome"_s, outcome}};
}

QString LoopAttempt::errorClassName() const
{
    return diagnosis ? core::errorClassName(diagnosis->errorClass()) : QString();
}

bool LoopAttempt::isTerminal() const
{
    return diagnosis && diagnosis->isTerminal();
}

QString LoopAttempt::rootCause() const
{
    if (diagnosis && !diagnosis->error.rootCause.isEmpty())
        return diagnosis->error.rootCause;
    return reason;
}

AttemptRecord LoopAttempt::toRecord() const
{
    AttemptRecord record;
    record.index = index;
    record.origin = origin;
    record.sql = sql;
    record.outcome = outcome;
    record.errorClass = errorClassName();
    record.terminal = isTerminal();
    record.rootCause = rootCause();
    record.advice = advice;
    record.rawError = diagnosis ? diagnosis->error.raw : QString();
    record.elapsedMs = elapsedMs;
    record.promptTokens = promptTokens;
    record.completionTokens = completionTokens;
    record.linkedTables = linkedTables;
    return record;
}

QString LoopAttempt::originName() const
{
    if (origin == AttemptOrigin::Autofix && !repair.isEmpty())
        return attemptOriginName(origin) + u':' + repair;
    return attemptOriginName(origin);
}

QJsonObject LoopAttempt::toJson() const
{
    QJsonArray spanArray;
    for (const TraceSpan &span : spans)
        spanArray.append(span.toJson());
    const QString className = errorClassName();
    QJsonObject object{{u"index"_s, index},
                       {u"origin"_s, originName()},
                       {u"sql"_s, sql},
                       {u"outcome"_s, attemptOutcomeName(outcome)},
                       {u"class"_s, className.isEmpty() ? QJsonValue() : QJsonValue(className)},
                       {u"terminal"_s, isTerminal()},
                       {u"root_cause"_s, rootCause()},
                       {u"advice"_s, advice},
                       {u"ms"_s, elapsedMs},
                       {u"tokens"_s, tokens()},
                       {u"row_count"_s, rowCount},
                       {u"spans"_s, spanArray}};
    if (!repair.isEmpty())
        object.insert(u"repair"_s, repair);
    if (origin == AttemptOrigin::Llm) {
        object.insert(u"reply_text"_s, replyText);
        object.insert(u"finish_reason"_s, finishReason);
        object.insert(u"truncated"_s, truncated);
        QJsonArray linked;
        for (const LinkedTable &table : linkedTables)
            linked.append(table.toJson());
        object.insert(u"linked_tables"_s, linked);
    }
    return object;
}

} // namespace sqlmend::core
