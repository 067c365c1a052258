#include "core/cases/conversationstore.h"

#include "core/cases/casestore.h"
#include "core/cases/storetext.h"
#include "core/cases/storetime.h"
#include "core/sql/connectionprofile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

QVariant text(const QString &value)
{
    return QVariant(storable(value));
}

QString idList(const QList<qint64> &ids)
{
    QStringList numbers;
    for (const qint64 id : ids)
        numbers.append(QString::number(id));
    return numbers.join(u", "_s);
}

// The title is the first turn's question; the count and the last time come from the turns.
const QString conversationSelect =
        u"SELECT c.id, c.name, c.datasource, c.created_at, c.updated_at, "
        "(SELECT question FROM conversation_turns t WHERE t.conversation_id = c.id "
        "ORDER BY idx LIMIT 1), "
        "(SELECT COUNT(*) FROM conversation_turns t WHERE t.conversation_id = c.id) "
        "FROM conversations c"_s;

ConversationRecord conversationFromQuery(const QSqlQuery &query)
{
    ConversationRecord record;
    record.id = query.value(0).toLongLong();
    record.name = query.value(1).toString();
    record.datasource = ConnectionProfile::withoutPassword(query.value(2).toString());
    record.created = storeTimestampFromText(query.value(3).toString());
    record.updated = storeTimestampFromText(query.value(4).toString());
    record.title = query.value(5).toString();
    record.turnCount = query.value(6).toInt();
    return record;
}

} // namespace

QString ConversationStore::nameProblem(const QString &name)
{
    if (name.trimmed().isEmpty())
        return tr("a conversation needs a name");
    if (name != name.trimmed())
        return tr("a conversation's name does not start or end with spaces");
    if (name.size() > maxNameLength)
        return tr("a conversation's name has at most %n character(s)", nullptr, maxNameLength);
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name.at(i);
        if (c.isHighSurrogate() && i + 1 < name.size() && name.at(i + 1).isLowSurrogate()) {
            ++i;
            continue;
        }
        if (c.category() == QChar::Other_Control || c.isSurrogate())
            return tr("a conversation's name holds no control characters");
    }
    return {};
}

QString ConversationStore::generatedName()
{
    return u"conversation-"_s + QUuid::createUuid().toString(QUuid::Id128).left(12);
}

Result<std::optional<ConversationRecord>> ConversationStore::selectOne(const QString &where,
                                                                       const QVariant &value)
{
    Result<QSqlQuery> query = m_store.exec(conversationSelect + u" WHERE "_s + where, {value});
    if (!query)
        return makeUnexpected(query.error());
    if (!query.value().next())
        return std::optional<ConversationRecord>();
    ConversationRecord record = conversationFromQuery(query.value());
    query.value().finish();
    Result<QList<ConversationTurn>> loaded = turns(record.id);
    if (!loaded)
        return makeUnexpected(loaded.error());
    record.turns = std::move(loaded).value();
    return std::optional<ConversationRecord>(std::move(record));
}

Result<QList<ConversationTurn>> ConversationStore::turns(qint64 conversationId)
{
    Result<QSqlQuery> query =
            m_store.exec(u"SELECT idx, question, status, final_sql, columns_json, question_id, "
                         "asked_at FROM conversation_turns WHERE conversation_id = ? "
                         "ORDER BY idx"_s,
                         {conversationId});
    if (!query)
        return makeUnexpected(query.error());
    QList<ConversationTurn> list;
    QSqlQuery &rows = query.value();
    while (rows.next()) {
        ConversationTurn turn;
        turn.index = rows.value(0).toInt();
        turn.question = rows.value(1).toString();
        turn.status =
                questionStatusFromName(rows.value(2).toString()).value_or(QuestionStatus::Failed);
        turn.finalSql = rows.value(3).toString();
        turn.columns = listFromStored(rows.value(4).toString());
        turn.historyId = rows.value(5).toLongLong();
        turn.asked = storeTimestampFromText(rows.value(6).toString());
        list.append(turn);
    }
    return list;
}

Result<std::optional<ConversationRecord>> ConversationStore::conversationNamed(const QString &name)
{
    return selectOne(u"c.name = ?"_s, text(name));
}

Result<ConversationRecord> ConversationStore::conversation(qint64 id)
{
    Result<std::optional<ConversationRecord>> found = selectOne(u"c.id = ?"_s, id);
    if (!found)
        return makeUnexpected(found.error());
    if (!found.value())
        return makeFailure(tr("there is no conversation %1").arg(id), u"not_found"_s);
    return *std::move(found).value();
}

Result<std::optional<ConversationRecord>>
ConversationStore::conversationOfQuestion(qint64 historyId)
{
    if (historyId <= 0)
        return std::optional<ConversationRecord>();
    return selectOne(u"c.id = (SELECT conversation_id FROM conversation_turns WHERE "
                     "question_id = ? ORDER BY conversation_id LIMIT 1)"_s,
                     historyId);
}

Result<QList<ConversationRecord>> ConversationStore::listConversations(const QString &datasource,
                                                                       int limit)
{
    QString sql = conversationSelect;
    QVariantList values;
    if (!datasource.isEmpty()) {
        sql += u" WHERE c.datasource = ?"_s;
        values.append(text(ConnectionProfile::withoutPassword(datasource)));
    }
    sql += u" ORDER BY c.updated_at DESC, c.id DESC"_s;
    if (limit >= 0)
        sql += u" LIMIT %1"_s.arg(limit);
    Result<QSqlQuery> query = m_store.exec(sql, values);
    if (!query)
        return makeUnexpected(query.error());
    QList<ConversationRecord> list;
    while (query.value().next())
        list.append(conversationFromQuery(query.value()));
    return list;
}

Result<QHash<qint64, StoredTurn>>
ConversationStore::turnsOfQuestions(const QList<qint64> &historyIds)
{
    QHash<qint64, StoredTurn> found;
    // In slices: a statement holds a bounded number of ids.
    for (qsizetype at = 0; at < historyIds.size(); at += 500) {
        Result<QSqlQuery> query = m_store.exec(
                u"SELECT t.question_id, t.conversation_id, c.name, t.idx FROM conversation_turns t "
                "JOIN conversations c ON c.id = t.conversation_id WHERE t.question_id IN (%1)"_s
                        .arg(idList(historyIds.mid(at, 500))));
        if (!query)
            return makeUnexpected(query.error());
        while (query.value().next()) {
            found.insert(query.value().value(0).toLongLong(),
                         {query.value().value(1).toLongLong(), query.value().value(2).toString(),
                          query.value().value(3).toInt()});
        }
    }
    return found;
}

Result<StoredTurn> ConversationStore::appendTurn(const QString &name, const QString &datasource,
                                                 const ConversationTurn &turn)
{
    if (const QString problem = nameProblem(name); !problem.isEmpty())
        return makeFailure(problem, u"invalid"_s);
    if (turn.question.trimmed().isEmpty())
        return makeFailure(tr("a conversation's turn needs its question"), u"invalid"_s);
    Result<Done> started = m_store.begin();
    if (!started)
        return makeUnexpected(started.error());
    Result<StoredTurn> stored = [&]() -> Result<StoredTurn> {
        const QString source = ConnectionProfile::withoutPassword(datasource);
        const QString now = storeTimestamp(storeNow());
        Result<QSqlQuery> existing = m_store.exec(
                u"SELECT id, datasource FROM conversations WHERE name = ?"_s, {text(name)});
        if (!existing)
            return makeUnexpected(existing.error());
        StoredTurn where{0, name, 0};
        if (existing.value().next()) {
            where.conversationId = existing.value().value(0).toLongLong();
            const QString owner = existing.value().value(1).toString();
            existing.value().finish();
            if (owner != source) {
                return makeFailure(
                        tr("the conversation \"%1\" is about %2, not %3").arg(name, owner, source),
                        u"other_datasource"_s);
            }
        } else {
            existing.value().finish();
            Result<qint64> created = m_store.execReturningId(
                    u"INSERT INTO conversations (name, datasource, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?)"_s,
                    {text(name), text(source), now, now});
            if (!created)
                return makeUnexpected(created.error());
            where.conversationId = created.value();
        }
        Result<QSqlQuery> next =
                m_store.exec(u"SELECT COALESCE(MAX(idx) + 1, 0) FROM conversation_turns WHERE "
                             "conversation_id = ?"_s,
                             {where.conversationId});
        if (!next)
            return makeUnexpected(next.error());
        where.index = next.value().next() ? next.value().value(0).toInt() : 0;
        next.value().finish();
        const QDateTime asked = turn.asked.isValid() ? turn.asked : storeNow();
        Result<QSqlQuery> inserted = m_store.exec(
                u"INSERT INTO conversation_turns (conversation_id, idx, question, status, "
                "final_sql, columns_json, question_id, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s,
                {where.conversationId, where.index, text(turn.question),
                 questionStatusName(turn.status), text(turn.finalSql),
                 text(storedList(turn.columns)), turn.historyId, storeTimestamp(asked)});
        if (!inserted)
            return makeUnexpected(inserted.error());
        Result<QSqlQuery> touched =
                m_store.exec(u"UPDATE conversations SET updated_at = ? WHERE id = ?"_s,
                             {now, where.conversationId});
        if (!touched)
            return makeUnexpected(touched.error());
        return where;
    }();
    if (!stored) {
        m_store.rollback();
        return stored;
    }
    Result<Done> committed = m_store.commit();
    if (!committed) {
        m_store.rollback();
        return makeUnexpected(committed.error());
    }
    return stored;
}

Result<Done> ConversationStore::removeConversation(qint64 id)
{
    Result<Done> started = m_store.begin();
    if (!started)
        return started;
    // Turns first: foreign keys may be off on an old SQLite connection.
    Result<QSqlQuery> turns =
            m_store.exec(u"DELETE FROM conversation_turns WHERE conversation_id = ?"_s, {id});
    Result<QSqlQuery> removed =
            turns ? m_store.exec(u"DELETE FROM conversations WHERE id = ?"_s, {id}) : turns;
    if (!removed || removed.value().numRowsAffected() != 1) {
        m_store.rollback();
        if (!removed)
            return makeUnexpected(removed.error());
        return makeFailure(tr("there is no conversation %1").arg(id), u"not_found"_s);
    }
    return m_store.commit();
}

Result<Done> ConversationStore::setCaseContext(qint64 caseId, const QStringList &context)
{
    Result<Done> started = m_store.begin();
    if (!started)
        return started;
    Result<QSqlQuery> cleared =
            m_store.exec(u"DELETE FROM case_contexts WHERE case_id = ?"_s, {caseId});
    Result<QSqlQuery> written = cleared;
    if (cleared && !context.isEmpty()) {
        written = m_store.exec(u"INSERT INTO case_contexts (case_id, context_json) VALUES (?, ?)"_s,
                               {caseId, text(storedList(context))});
    }
    if (!written) {
        m_store.rollback();
        return makeUnexpected(written.error());
    }
    return m_store.commit();
}

Result<QHash<qint64, QStringList>> ConversationStore::caseContexts(const QList<qint64> &caseIds)
{
    QHash<qint64, QStringList> contexts;
    for (qsizetype at = 0; at < caseIds.size(); at += 500) {
        Result<QSqlQuery> query = m_store.exec(
                u"SELECT case_id, context_json FROM case_contexts WHERE case_id IN (%1)"_s.arg(
                        idList(caseIds.mid(at, 500))));
        if (!query)
            return makeUnexpected(query.error());
        while (query.value().next()) {
            contexts.insert(query.value().value(0).toLongLong(),
                            listFromStored(query.value().value(1).toString()));
        }
    }
    return contexts;
}

} // namespace sqlmend::core
