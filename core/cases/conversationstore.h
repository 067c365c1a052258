#pragma once

#include "core/cases/conversationrecord.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include <optional>

namespace sqlmend::core {

class CaseStore;

// Where appendTurn() put a turn.
struct StoredTurn
{
    qint64 conversationId = 0;
    QString name;
    int index = 0; // 0-based
};

// The conversations of a case store and their turns, and the conversation context of its good
// cases. A view over an open CaseStore, on that store's thread (see CaseStore); it keeps
// nothing itself. Every write runs in one transaction.
class ConversationStore
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ConversationStore)

public:
    static constexpr int maxNameLength = 200;

    explicit ConversationStore(CaseStore &store) : m_store(store) { }

    // Empty when name may name a conversation, else why not.
    static QString nameProblem(const QString &name);
    // A name for a conversation nobody named (the window's): "conversation-" and a random part.
    static QString generatedName();

    // With its turns; nullopt when there is none of that name.
    Result<std::optional<ConversationRecord>> conversationNamed(const QString &name);
    Result<ConversationRecord> conversation(qint64 id);
    // The conversation a stored question of the history was asked in, if any.
    Result<std::optional<ConversationRecord>> conversationOfQuestion(qint64 historyId);
    // Newest first (by the last turn), without turns; with a datasource, only its conversations.
    Result<QList<ConversationRecord>> listConversations(const QString &datasource = {},
                                                        int limit = 100);
    // The conversation names of stored questions, for the ones asked in a conversation.
    Result<QHash<qint64, StoredTurn>> turnsOfQuestions(const QList<qint64> &historyIds);

    // Appends turn (its index is ignored) to the conversation called name, which is created on
    // datasource when there is none. Fails when the conversation belongs to another database.
    Result<StoredTurn> appendTurn(const QString &name, const QString &datasource,
                                  const ConversationTurn &turn);
    // Forgets the conversation and its turns; the questions stay in the history.
    Result<Done> removeConversation(qint64 id);

    // The earlier questions a good case answered in, oldest first; empty removes them.
    Result<Done> setCaseContext(qint64 caseId, const QStringList &context);
    // By case id, for the cases that have a context.
    Result<QHash<qint64, QStringList>> caseContexts(const QList<qint64> &caseIds);

private:
    Result<QList<ConversationTurn>> turns(qint64 conversationId);
    Result<std::optional<ConversationRecord>> selectOne(const QString &where,
                                                        const QVariant &value);

    CaseStore &m_store;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::StoredTurn)
