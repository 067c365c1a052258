#pragma once

#include "core/exec/runresult.h"
#include "core/export/rowsource.h"

#include <QAbstractTableModel>
#include <QByteArray>
#include <QList>
#include <QStringList>

namespace sqlmend::core {

// The rows of one result as they arrive from the executor, shown while the fetch goes on.
// Rows are kept compactly encoded (about the size of their values, not a QVariant each) up to a
// preview cap in rows and in bytes; rows past the cap are counted, not kept. Rows received are
// exposed to views in chunks through canFetchMore()/fetchMore(). Every batch carries the
// generation of its request; batches of an older generation are dropped.
class ResultModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Roles {
        ValueRole = Qt::UserRole + 1, // the value as the driver gave it (NULL: an invalid QVariant)
        IsNullRole,
    };

    explicit ResultModel(QObject *parent = nullptr);
    ~ResultModel() override;

    // Bounds on what is kept; rows already kept stay.
    void setPreviewCap(qint64 rows, qint64 bytes = qint64(256) << 20);
    qint64 previewCap() const { return m_rowCap; }
    // Rows exposed per fetchMore(); the first chunk is exposed as soon as it arrives.
    void setFetchChunk(int rows) { m_fetchChunk = rows > 0 ? rows : 1; }

    // Forgets the old rows and waits for batches of this generation.
    void start(quint64 generation, const QStringList &columns = {},
               const QStringList &columnTypes = {});
    // False when the batch belongs to another generation and was dropped.
    bool appendBatch(const ResultBatch &batch);
    // The run's final word on its row count (Complete, or Partial when the executor's cap hit).
    bool finish(quint64 generation, RowCountStatus status);
    // Clears the model and drops every batch still on its way.
    void clear();

    quint64 generation() const { return m_generation; }
    RowCountStatus rowCountStatus() const { return m_status; }
    qint64 receivedRowCount() const { return m_received; } // kept, exposed or not
    qint64 droppedRowCount() const { return m_dropped; }   // past the preview cap
    qint64 storedBytes() const { return m_storedBytes; }
    QStringList columns() const { return m_columns; }
    // The driver's type names of the columns (QMetaType names), when the run told them.
    void setColumnTypes(const QStringList &types) { m_columnTypes = types; }
    QStringList columnTypes() const { return m_columnTypes; }
    QVariant value(qint64 row, int column) const;
    // The rows kept (exposed or not), for an export on another thread: it shares the encoded
    // rows as they are now, and later batches do not change it. order, when given, lists the
    // rows to give out, in that order (a sorted or filtered view's).
    RowSource rowSource(const QList<qint64> &order = {}) const;
    // Exposes every row kept to views now (sorting and filtering read only exposed rows).
    void exposeAll();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QHash<int, QByteArray> roleNames() const override;

Q_SIGNALS:
    void rowCountStatusChanged(sqlmend::core::RowCountStatus status);
    void rowsReceived(qint64 received);

private:
    struct Block
    {
        QByteArray cells;
        QList<quint32> rowStarts;
    };

    void setStatus(RowCountStatus status);
    void setColumns(const QStringList &columns);
    void encodeRow(const QVariantList &row);
    const char *cellAt(qint64 row, int column) const;
    void exposeRows(qint64 count);
    QVariant displayValue(const QVariant &value) const;

    quint64 m_generation = 0;
    QStringList m_columns;
    QStringList m_columnTypes;
    QList<Block> m_blocks;
    qint64 m_received = 0;
    qint64 m_visible = 0;
    qint64 m_dropped = 0;
    qint64 m_storedBytes = 0;
    qint64 m_rowCap = 1000000;
    qint64 m_byteCap = qint64(256) << 20;
    int m_fetchChunk = 1000;
    RowCountStatus m_status = RowCountStatus::Unknown;
    bool m_inserting = false;
};

} // namespace sqlmend::core
