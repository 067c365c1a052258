#pragma once

#include "core/cases/conversationstore.h"
#include "core/cases/questiontrace.h"

#include <QAbstractListModel>
#include <QHash>
#include <QList>

#include <functional>

namespace sqlmend::ui {

// Past questions of the case store's history, newest first, one a row: the question, how it
// ended, when, and which database it was asked of. The list is read on the store's thread and
// swapped in whole under a reset.
class HistoryModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role {
        TraceIdRole = Qt::UserRole + 1,
        StatusRole,
        StartedRole,
        DatasourceRole,     // the URL, without a password
        DatasourceNameRole, // what the window calls that database
        QuestionRole,
        FinalSqlRole,
        ConversationRole, // the conversation's name, for a question asked in one; else empty
        TurnRole,         // its 0-based turn there; -1 for a question asked alone
    };
    // What a database URL is called (the connection's name); the URL's own database name when
    // none is given.
    using Namer = std::function<QString(const QString &datasource)>;

    // Display text is cut here; the tooltip holds more of it.
    static constexpr int displayLength = 160;

    explicit HistoryModel(QObject *parent = nullptr);

    // turns: by trace id, for the questions asked in a conversation.
    void setTraces(QList<core::QuestionTrace> traces, QHash<qint64, core::StoredTurn> turns = {});
    // Names each row's database again (a connection opened, or was named).
    void setNamer(Namer namer);
    QString datasourceName(const QString &datasource) const;
    const QList<core::QuestionTrace> &traces() const { return m_traces; }
    // -1 when the id is not listed.
    int rowOfId(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    static QString statusText(core::QuestionStatus status);

private:
    void nameDatasources();

    QList<core::QuestionTrace> m_traces;
    QHash<qint64, core::StoredTurn> m_turns;
    Namer m_namer;
    QHash<QString, QString> m_names; // by datasource, for the rows listed
};

} // namespace sqlmend::ui
